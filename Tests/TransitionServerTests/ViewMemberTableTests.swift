import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// The member table (`ViewMembers`) is the one list of what a view is; the two lists outside
/// Swift that must say the same are read here and held to it: openapi.yaml's `ViewFields`
/// (names in order, which are required, each one's shape) and tests/e2e/changes_decoder.py's
/// `VIEW_MEMBERS` (names in order, the fields a change frame sets one by one). Checked rather
/// than generated: both carry prose and layout of their own (the schema's descriptions), and a
/// check needs no generator step in the build.
struct ViewMemberTableTests {
    /// A view's members in the table, and `parent`, which a flat view and a change path add.
    static let flatNames = ViewMemberRow.all.map(\.name) + ["parent"]

    @Test func openAPIViewFieldsAreTheTable() throws {
        let schema = try #require(Self.openAPIViewFields())
        #expect(schema.properties.map(\.name) == ViewMemberRow.all.map(\.name), "openapi.yaml's ViewFields names the table's members in its order")
        #expect(schema.required == ViewMemberRow.all.filter { $0.presence == .always }.map(\.name),
                "ViewFields requires exactly the members every view has")
        for (row, property) in zip(ViewMemberRow.all, schema.properties) where row.name == property.name {
            #expect(property.text.contains(Self.openAPIMarker(row.shape)), "ViewFields.\(row.name) is a \(row.shape): \(property.text)")
        }
    }

    @Test func theChangeDecodersMembersAreTheTable() throws {
        let members = try #require(Self.decoderMembers())
        #expect(members.map(\.name) == Self.flatNames, "changes_decoder.py's VIEW_MEMBERS names the table's members in its order")
        for (row, member) in zip(ViewMemberRow.all, members) where row.name == member.name {
            #expect(member.fields == row.shape.objectFields, "VIEW_MEMBERS[\(row.name)] lists the fields a change frame sets")
        }
    }

    /// The table reads as the encoder writes: every member of a view with every member set is
    /// written, in the table's order, and a view with none of its optional members set has
    /// exactly the ones always present.
    @Test func theEncoderWritesTheTablesMembersInOrder() throws {
        var random = SplitMix64(seed: 40)
        var seen: [String] = []
        for round in 0..<100 {
            let shot = Snapshot(time: Double(round), transition: nil, controllers: ServiceViewTests.controllers,
                                root: ServiceViewTests.node(&random, depth: 0))
            let bytes = shot.encoded(flat: true)
            let views = try #require(JSONParser.parse(bytes).objectValue?["views"]?.arrayValue)
            for view in views {
                let names = try #require(view.objectValue).entries.map(\.0)
                let order = names.compactMap { Self.flatNames.firstIndex(of: $0) }
                #expect(order.count == names.count, "members not in the table: \(names)")
                #expect(order == order.sorted(), "written in the table's order: \(names)")
                for name in ViewMemberRow.all where name.presence == .always { #expect(names.contains(name.name)) }
                seen += names
            }
        }
        #expect(Set(seen) == Set(Self.flatNames), "never written: \(Set(Self.flatNames).subtracting(seen).sorted())")
    }

    /// What `ViewFields` says of one member, found in openapi.yaml's own text.
    static func openAPIMarker(_ shape: ViewProperty.Shape) -> String {
        switch shape {
        case .rect: "schemas/Rect'"
        case .point: "schemas/Point'"
        case .size: "required: [width, height]"
        case .transform: "schemas/AffineTransform'"
        case .matrix: "minItems: 16"
        case .number: "type: number"
        case .bool: "type: boolean"
        case .string: "type: string"
        case .strings: "schemas/CornerMask'"
        case .nullableString: "type: [string, 'null']"
        }
    }

    /// `ViewFields`' required list and properties (each with the text that describes it), read
    /// from the schema's lines: its properties are indented by eight spaces, what they say deeper.
    static func openAPIViewFields() -> (required: [String], properties: [(name: String, text: String)])? {
        guard let file = repositoryFile("openapi.yaml") else { return nil }
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "    ViewFields:") else { return nil }
        var required: [String] = []
        var properties: [(name: String, text: String)] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { break }
            if line.hasPrefix("      required: [") {
                required = line.dropFirst("      required: [".count).dropLast().split(separator: ",").map { $0.trimmingSpaces }
            } else if line.hasPrefix("        ") && !line.hasPrefix("         "), let colon = line.firstIndex(of: ":") {
                properties.append((line[..<colon].trimmingSpaces, String(line[line.index(after: colon)...])))
            } else if line.hasPrefix("         "), !properties.isEmpty {
                properties[properties.count - 1].text += "\n" + line
            }
        }
        return (required, properties)
    }

    /// `VIEW_MEMBERS` of tests/e2e/changes_decoder.py: one member a line, `"name": ("field", ...),`.
    static func decoderMembers() -> [(name: String, fields: [String])]? {
        guard let file = repositoryFile("tests/e2e/changes_decoder.py") else { return nil }
        let lines = file.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "VIEW_MEMBERS = {") else { return nil }
        var members: [(name: String, fields: [String])] = []
        for line in lines[(start + 1)...] {
            if line == "}" { break }
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            guard let name = quoted.first else { continue }
            members.append((name, Array(quoted.dropFirst())))
        }
        return members
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
