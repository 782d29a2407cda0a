import JSONCodec

/// One of a navigation item's `rightBarButtonItems` (`UIBarButtonItem`): a button in the
/// navigation bar showing a title or an image, which a zoom may start from
/// (docs/semantics.md § Bar button items).
struct BarButtonItem: Sendable, Equatable {
    /// What the button shows.
    enum Content: Sendable, Equatable {
        /// `UIBarButtonItem(title:)`: text in the bar's font.
        case title(String)
        /// `UIBarButtonItem(image:)`: an image (its name), in a 44 × 44 pt hit area.
        case image(String)
    }

    /// The name a zoom's `sourceBarButtonItem` and the item's view id use.
    var id: String
    var content: Content

    /// The most items a controller may give: the bar of a 320 pt iPhone holds about five 44 pt
    /// buttons beside a short title; UIKit drops what does not fit, the service refuses it.
    static let maximumCount = 6
    /// The longest title, in characters: a longer one would not fit beside the bar's title.
    static let longestTitle = 24

    /// Reads `rightBarButtonItems`: a list of `{"id", "title" | "image"}` with distinct ids.
    static func decodeList(_ json: JSONValue?, at pointer: String) throws(SimulationError) -> [BarButtonItem] {
        guard let json else { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected a list of bar button items") }
        guard list.count <= maximumCount else { throw SimulationError(pointer, "at most \(maximumCount) bar button items") }
        var items: [BarButtonItem] = []
        for (i, element) in list.enumerated() {
            let item = try decode(element, at: SpecReader.child(pointer, String(i)))
            if items.contains(where: { $0.id == item.id }) {
                throw SimulationError(SpecReader.child(SpecReader.child(pointer, String(i)), "id"), "another bar button item of this controller has the id '\(item.id)'")
            }
            items.append(item)
        }
        return items
    }

    private static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> BarButtonItem {
        var r = try SpecReader(json, at: pointer)
        let id = try r.requiredString("id", maxLength: 64)
        guard ViewSpec.isValidID(id) else { throw SimulationError(r.path("id"), "ids are 1–64 characters of letters, digits, '-', '_' and '.'") }
        let title = try r.string("title", maxLength: 256), image = try r.string("image", maxLength: 256)
        let content: Content
        switch (title, image) {
        case (let title?, nil):
            guard !title.isEmpty, title.count <= longestTitle else {
                throw SimulationError(r.path("title"), "a title of 1 to \(longestTitle) characters")
            }
            content = .title(title)
        case (nil, let image?):
            guard !image.isEmpty else { throw SimulationError(r.path("image"), "an image name, such as 'plus'") }
            content = .image(image)
        case (.some, .some):
            throw SimulationError(r.path("image"), "a bar button item shows a title or an image, not both")
        case (nil, nil):
            throw SimulationError(pointer, "a bar button item needs a 'title' or an 'image'")
        }
        try r.finish()
        return BarButtonItem(id: id, content: content)
    }
}
