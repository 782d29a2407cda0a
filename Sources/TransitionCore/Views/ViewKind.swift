/// The view kinds a spec may name: UIKit's common view classes, lower-camel-cased. A snapshot
/// names the views the service adds itself (the window, bars, snapshots) by kinds of their own.
public enum ViewKind: String, CaseIterable, Sendable {
    case view, imageView, label, button, collection, cell, table, scrollView, textField, stackView

    /// A UIScrollView or one of its subclasses (UICollectionView, UITableView): it has a content
    /// offset and a content inset.
    var scrolls: Bool { self == .scrollView || self == .collection || self == .table }

    /// The kinds, in alphabetical order, for error messages.
    static let list = allCases.map(\.rawValue).sorted().joined(separator: ", ")
    /// The kinds that scroll, in alphabetical order, for error messages.
    static let scrollingList = allCases.filter(\.scrolls).map(\.rawValue).sorted().joined(separator: ", ")
}
