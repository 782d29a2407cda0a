import TransitionCore

/// The look of the SVG drawings: sizes, colours and fonts, in points (docs/viewer.md § Drawing).
/// iOS 7's own values where a view has one (17 pt body text, the tint blue, bar hairlines), so
/// a frame reads like the screen it simulates.
enum SVGStyle {
    static let fontFamily: StaticString = "Helvetica Neue, Helvetica, Arial, sans-serif"

    /// The band under each window holding its caption: its height, the baselines of the caption's
    /// two lines in it, their inset from the window's left edge and their size.
    static let captionHeight = 36.0
    static let captionBaselines = (14.0, 29.0)
    static let captionInset = 4.0
    static let captionSize = 11.0
    /// Space between the frames of a film strip.
    static let frameGap = 16.0

    /// The outline of a view without a background colour: faint, so the structure shows without
    /// hiding what is under it.
    static let outline = Color(red: 0.56, green: 0.56, blue: 0.58)
    static let outlineOpacity = 0.5
    static let outlineWidth = 0.5
    /// UIKit's tint (iOS 7's system blue), for button titles.
    static let tint = Color(red: 0, green: 0.478, blue: 1)
    /// `UIColor.systemRedColor` in the light appearance, a destructive button's title.
    static let destructive = Color(red: 1, green: 0.231, blue: 0.188)
    /// The hairline under a navigation bar and over a tab bar.
    static let hairline = Color(red: 0.7, green: 0.7, blue: 0.7)
    /// The dashed outline marking an animator's snapshot view, and the size of the word "snapshot"
    /// written in its top-left corner.
    static let snapshotMark = Color(red: 1, green: 0.176, blue: 0.333)
    static let snapshotTagSize = 8.0
    static let secondaryText = Color(red: 0.56, green: 0.56, blue: 0.58)

    /// How a view's `text` is set: size in points, weight, alignment, inset from the leading edge.
    struct TextStyle {
        var size: Double
        var bold = false
        var centered: Bool
        var inset = 0.0
        var color = Color.black
    }

    /// The style for a view's text, by role first (the service's views), then by the kind its
    /// spec named (nil for the service's own kinds).
    static func textStyle(kind: ViewKind?, role: ViewRole?) -> TextStyle {
        switch (role, kind) {
        case (.navigationTitle, _): TextStyle(size: 17, bold: true, centered: true)
        // UIKit's large title: bold, on the leading edge (Apple HIG, Typography: Large Title).
        case (.largeTitle, _): TextStyle(size: 34, bold: true, centered: false)
        case (.tabBarItem, _): TextStyle(size: 10, centered: true, color: secondaryText)
        // An alert's title and message are centred (the title semibold); a destructive button is red.
        case (.alertTitle, _): TextStyle(size: 17, bold: true, centered: true)
        case (.alertMessage, _): TextStyle(size: 13, centered: true)
        case (.alertDestructiveAction, _): TextStyle(size: 17, centered: true, color: destructive)
        // The back button's title starts right after the chevron, in the tint like any bar button.
        case (.backButton, _): TextStyle(size: 17, centered: false, color: tint)
        case (_, .button?): TextStyle(size: 17, centered: true, color: tint)
        // UITextField's rounded-rect style insets its text 7 points.
        case (_, .textField?): TextStyle(size: 17, centered: false, inset: 7)
        default: TextStyle(size: 17, centered: false)
        }
    }

    /// The image's name, written on it.
    static let imageNameSize = 12.0

    /// The colour an image is drawn in: a hue from the FNV-1a hash (32 bits) of its name's UTF-8
    /// bytes, modulo 360, at 55 % saturation and 60 % lightness. The same name always gives the same
    /// colour, so an image and a snapshot of it match across frames and sessions.
    static func imageColor(_ name: String) -> Color {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hsl(hue: Double(hash % 360), saturation: 0.55, lightness: 0.6)
    }

    /// CSS Color 4's HSL to RGB (hue in degrees, the others in 0…1).
    static func hsl(hue: Double, saturation s: Double, lightness l: Double) -> Color {
        let a = s * min(l, 1 - l)
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: f(0), green: f(8), blue: f(4))
    }
}
