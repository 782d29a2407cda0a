import JSONCodec

/// The window's screen, portrait: its size in points, its scale, the insets the system keeps for
/// itself (status bar, sensor housing, home indicator) and the iOS version whose behaviour the
/// session follows. Either written out (`width`, `height`, `scale`) or a device profile by name.
public struct Screen: Sendable, Equatable {
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The window's safe-area insets: the status bar's height on top on iOS 7-style screens, the
    /// sensor housing and the home indicator on the others.
    public var safeArea: EdgeInsets
    /// The iOS major version: 7…18, or 26 (Apple numbered the release after iOS 18 by its year).
    public var iOS: Int
    /// The profile's name, when the screen is a device's.
    public var device: String?

    /// What a session gets when it names no screen: the iOS 7 iPhone 5 the service has always
    /// modelled (320 × 568 pt, 2×, a 20 pt status bar; docs/semantics.md § Views and layout).
    static let iOS7 = Screen(size: Size(width: 320, height: 568), scale: 2,
                                    safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), iOS: 7, device: nil)

    /// The iOS major versions a screen may name: every one from 7 to 18, then 26, the release
    /// that follows 18 (19…25 never existed).
    static let versions = Array(7...18) + [26]

    /// Whether the window is horizontally regular: an iPad profile (the service lays out portrait
    /// full-screen windows only, which are compact on every iPhone). A screen given by its size is
    /// taken as compact.
    var isRegularWidth: Bool { device.flatMap(DeviceProfile.named)?.idiom == .pad }

    /// Whether tab bars float over the content as iOS 26's capsule on this screen (iPhones from
    /// iOS 26; the iPad's tab bar of iOS 18 and later is not modelled).
    var hasFloatingTabBar: Bool { iOS >= TabBarMinimizeBehavior.firstIOS && !isRegularWidth }

    /// Whether a phone sheet below full height floats as iOS 26's card on this screen (iPhones
    /// from iOS 26; docs/semantics.md § iOS 26).
    var floatsSheets: Bool { iOS >= Self.floatingSheetFirstIOS && !isRegularWidth }

    /// The first iOS version whose phone sheets float.
    static let floatingSheetFirstIOS = 26

    /// The radius of the display's rounded corners, points: the device profile's
    /// (`_displayCornerRadius`), else the estimate of `sheetCornerRadius`.
    var displayCornerRadius: Double {
        device.flatMap(DeviceProfile.named)?.displayCornerRadius ?? sheetCornerRadius
    }

    /// The radius of the screen's own corners as UIKit's sheets start the covered page's from,
    /// points: Flutter's fit of iOS 18 sheets takes a share of the top safe-area inset when that
    /// exceeds a threshold, else 0 (a screen with square corners; *approximate*, docs/reference.md § Sheets).
    var sheetCornerRadius: Double {
        let radius = Self.cornerRadiusPerTopInset * safeArea.top
        return radius > Self.roundedCornersThreshold ? radius : 0
    }

    /// Points of corner radius per point of top safe-area inset (Flutter's
    /// `_kDeviceCornerRadiusSmoothingFactor`, "determined through empirical testing").
    static let cornerRadiusPerTopInset = 0.9

    /// The corner radius, points, at or below which the screen counts as square-cornered
    /// (Flutter's `_kRoundedDeviceCornersThreshold`).
    static let roundedCornersThreshold = 20.0

    /// `{"width", "height", "scale"?, "iOS"?}` or `{"device", "iOS"?}`; nil is the default.
    static func decode(_ json: JSONValue?, at pointer: String) throws(SimulationError) -> Screen {
        guard let json else { return .iOS7 }
        var r = try SpecReader(json, at: pointer)
        var screen: Screen
        if let name = try r.string("device", maxLength: 64) {
            guard let profile = DeviceProfile.named(name) else {
                throw SimulationError(r.path("device"), "unknown device '\(name)'; one of \(DeviceProfile.catalogue.map(\.name).joined(separator: ", ")) (GET /v1/devices)")
            }
            for key in ["width", "height", "scale"] where r.has(key) {
                throw SimulationError(r.path(key), "a device profile sets the size and scale; give either 'device' or 'width' and 'height'")
            }
            screen = profile.screen
        } else {
            screen = .iOS7
            screen.size = Size(width: try r.requiredNumber("width", in: 1...10_000), height: try r.requiredNumber("height", in: 1...10_000))
            screen.scale = try r.number("scale", in: 1...4) ?? 2
        }
        if let version = try iOSVersion(&r) { screen.iOS = version }
        try r.finish()
        return screen
    }

    /// The newest iOS the service models.
    public static let newestIOS = versions[versions.count - 1]

    /// Reads the optional member `iOS`, an iOS major version the service models.
    public static func iOSVersion(_ r: inout SpecReader) throws(SimulationError) -> Int? {
        guard let version = try r.integer("iOS", in: 0...1_000) else { return nil }
        guard versions.contains(version) else {
            throw SimulationError(r.path("iOS"), "the iOS major version is between 7 and 18, or 26 (iOS 26 follows iOS 18), got \(version)")
        }
        return version
    }
}

/// A device as UIKit lays it out in portrait: screen size and scale from Apple's Human Interface
/// Guidelines (Layout § Specifications), safe-area insets as the devices report them, and the
/// iOS version the profile stands for (each with its source: docs/reference.md § Device profiles).
public struct DeviceProfile: Sendable {
    public enum Idiom: String, Sendable { case phone, pad }

    public var name: String
    public var idiom: Idiom
    public var screen: Screen
    /// The radius of the display's rounded corners, points, as `UIScreen`'s private
    /// `_displayCornerRadius` reports it; nil where the catalogue does not give one.
    public var displayCornerRadius: Double?

    init(_ name: String, _ idiom: Idiom, width: Double, height: Double, scale: Double, top: Double, bottom: Double, iOS: Int,
         displayCornerRadius: Double? = nil) {
        self.name = name
        self.idiom = idiom
        self.displayCornerRadius = displayCornerRadius
        screen = Screen(size: Size(width: width, height: height), scale: scale,
                        safeArea: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0), iOS: iOS, device: name)
    }

    public static let catalogue: [DeviceProfile] = [
        DeviceProfile("iPhone SE (1st)", .phone, width: 320, height: 568, scale: 2, top: 20, bottom: 0, iOS: 15),
        DeviceProfile("iPhone 8", .phone, width: 375, height: 667, scale: 2, top: 20, bottom: 0, iOS: 16),
        DeviceProfile("iPhone 8 Plus", .phone, width: 414, height: 736, scale: 3, top: 20, bottom: 0, iOS: 16),
        DeviceProfile("iPhone X", .phone, width: 375, height: 812, scale: 3, top: 44, bottom: 34, iOS: 16),
        DeviceProfile("iPhone 13", .phone, width: 390, height: 844, scale: 3, top: 47, bottom: 34, iOS: 17),
        DeviceProfile("iPhone 15", .phone, width: 393, height: 852, scale: 3, top: 59, bottom: 34, iOS: 17),
        DeviceProfile("iPhone 15 Pro Max", .phone, width: 430, height: 932, scale: 3, top: 59, bottom: 34, iOS: 17),
        DeviceProfile("iPhone 16 Pro", .phone, width: 402, height: 874, scale: 3, top: 62, bottom: 34, iOS: 18),
        DeviceProfile("iPhone 17", .phone, width: 402, height: 874, scale: 3, top: 62, bottom: 34, iOS: 26, displayCornerRadius: 62),
        DeviceProfile("iPhone Air", .phone, width: 420, height: 912, scale: 3, top: 68, bottom: 34, iOS: 26, displayCornerRadius: 62),
        DeviceProfile("iPhone 17 Pro", .phone, width: 402, height: 874, scale: 3, top: 62, bottom: 34, iOS: 26, displayCornerRadius: 62),
        DeviceProfile("iPhone 17 Pro Max", .phone, width: 440, height: 956, scale: 3, top: 62, bottom: 34, iOS: 26, displayCornerRadius: 62),
        DeviceProfile("iPad (10th)", .pad, width: 820, height: 1180, scale: 2, top: 24, bottom: 20, iOS: 17),
    ]

    public static func named(_ name: String) -> DeviceProfile? {
        catalogue.first { $0.name == name }
    }
}
