/// When a controller's navigation item shows its title large, under the bar
/// (`UINavigationItem.LargeTitleDisplayMode`; docs/semantics.md § Large titles).
enum LargeTitleDisplayMode: String, Sendable, CaseIterable {
    /// The item takes the mode of the item below it; the root's shows a large title whenever
    /// its bar prefers them (Apple: "Inherit the large title setting from the previous
    /// navigation item").
    case automatic
    /// A large title whenever the bar prefers them.
    case always
    /// Never a large title.
    case never
    /// Never a large title, and the title stays inline even in layouts that would enlarge it
    /// (iOS 17).
    case inline

    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// The first iOS version with `prefersLargeTitles` and `largeTitleDisplayMode` (Apple's
    /// UINavigationBar `prefersLargeTitles`: iOS 11.0+).
    static let firstIOS = 11
    /// The first iOS version with the `inline` mode (Apple's
    /// `UINavigationItem.LargeTitleDisplayMode.inline`: iOS 17.0+).
    static let inlineFirstIOS = 17

    /// The first iOS version that has this mode.
    var firstIOS: Int { self == .inline ? Self.inlineFirstIOS : Self.firstIOS }
}
