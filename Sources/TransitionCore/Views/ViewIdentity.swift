/// What names a view and the content it shows besides its geometry and colours: its ids and
/// path, and its text, image and the view it copies. Set when the view is made and seldom
/// changed after (a snapshot view taking its source's content, a bar item's new title).
@usableFromInline struct ViewIdentity: Sendable, Equatable {
    /// The id from the view spec (or one the service made up for its own views).
    @usableFromInline var id: String
    @usableFromInline var kind: String
    /// The controller owning this view; nil for views the service or an animator created.
    @usableFromInline var owner: ControllerID?
    /// Path of ids below the controller's root view (`cell-3/image`); "" for the root view itself.
    @usableFromInline var path: String
    /// What a service view is for; nil for the views of a controller's spec.
    @usableFromInline var role: ViewRole?
    @usableFromInline var text: String?
    @usableFromInline var image: String?
    /// The text's size in points, for the labels of a bar showing large titles (nil: the
    /// default of the view's kind and role, which snapshots leave out).
    @usableFromInline var fontSize: Double?
    /// For an animator's snapshot view: the view it copies (`controller:path`).
    @usableFromInline var snapshotOf: String?
}

/// An immutable identity on the heap (a new one is made for every change): a view's copies, the
/// world's checkpoints and every snapshot made of the view share it, so a copy retains one
/// reference instead of eight strings.
@usableFromInline final class IdentityStorage: Sendable, Equatable {
    @usableFromInline let value: ViewIdentity
    init(_ value: ViewIdentity) { self.value = value }
    @usableFromInline static func == (a: IdentityStorage, b: IdentityStorage) -> Bool { a === b || a.value == b.value }
}
