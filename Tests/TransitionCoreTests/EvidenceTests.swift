import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore

/// The evidence table (docs/reference.md § Evidence) holds a row for every default number and rule: each catalogue
/// parameter (found in the catalogue's files, so a new parameter needs a row), each constant of
/// the core (found in Sources/TransitionCore: a `static let`, or a member's default, whose value
/// is written with a number other than 0 and 1), and each device profile. A row's value shows
/// the numbers the code holds, so a changed number needs its row changed too; each catalogue
/// animator's `source` names the rows of its parameters.
@Suite struct EvidenceTests {
    /// One row of the table: `id`, the value, the evidence level, the evidence, and where the
    /// code holds it (backticked symbols, `catalogue` or `device`).
    struct Row {
        var id: String
        var value: String
        var level: String
        var evidence: String
        var place: String

        /// The `Type.name` symbols of the "in the code" cell.
        var symbols: [String] { EvidenceTests.backticked(place) }
    }

    /// The evidence levels the table's legend defines.
    static let levels: Set<String> = ["UIKit's code", "documentation", "measurement", "reproduction", "seed", "estimate", "input"]

    /// What the core holds with numbers that are not defaults of UIKit's behaviour: the service's
    /// own limits, numerical tolerances, identities and bit values. A constant missing here and
    /// from the table fails `everyCoreConstantHasARow`.
    static let notDefaults: [String: String] = [
        "World.latestTime": "a limit on timestamps",
        "AnimatorInterpreter.animatorMagnitude": "a limit on the animator language's numbers",
        "LayerChanges.bound": "a limit on layer values",
        "ContainerActions.decoders": "input lengths and counts",
        "NavigationActions.decoders": "input lengths and counts",
        "ScrollActions.decoders": "input lengths and counts",
        "AlertSpec.maxActions": "input lengths and counts",
        "AlertSpec.maxMessageBytes": "input lengths and counts",
        "AlertAction.maxTitleBytes": "input lengths and counts",
        "PopoverPresentation.maxPassthroughViews": "input lengths and counts",
        "TransformStep.maxSteps": "a limit of the animator language",
        "Step.maxSteps": "a limit of the animator language",
        "Step.maxDepth": "a limit of the animator language",
        "CurveSpec.maxNodes": "a limit of the animator language",
        "AnimationBlock.maxChanges": "a limit of the animator language",
        "AnimationBlock.maxKeyframes": "a limit of the animator language",
        "AnimatorBody.maxBlocks": "a limit of the animator language",
        "AnimatorValidator.maxStepsPerBody": "a limit of the animator language",
        "AnimatorValidator.maxChangesPerBody": "a limit of the animator language",
        "Expression.maxLength": "a limit of the animator language",
        "Expression.functions": "the arities of the expression language's functions",
        "EventLog.limit": "a limit on the event log",
        "EventLog.chunkSize": "the event log's storage",
        "SceneLimits.viewsPerTree": "a limit on sessions",
        "SceneLimits.treeDepth": "a limit on sessions",
        "SceneLimits.viewsPerSession": "a limit on sessions",
        "SceneLimits.controllersPerSession": "a limit on sessions",
        "BarButtonItem.maximumCount": "a limit on specs: the bar button items a controller may give",
        "BarButtonItem.longestTitle": "a limit on specs: a bar button item's title",
        "ZoomOptions.minimumAlignment": "a limit on specs: the smallest alignment rect, so that the zoom's scale stays finite",
        "Screen.versions": "the iOS versions a session may name",
        "SheetDetents.maxCount": "a limit on specs: the detents a sheet lists",
        "CubicPaced.samplesPerSegment": "a numerical resolution",
        "CubicBezier.epsilon": "a numerical tolerance",
        "SettledWorlds.limit": "a cache size: worlds a session keeps past its completions",
        "ProjectiveTransform.minimumW": "a numerical tolerance",
        "CornerMask.maxXMinY": "CACornerMask's bit values",
        "CornerMask.minXMaxY": "CACornerMask's bit values",
        "CornerMask.maxXMaxY": "CACornerMask's bit values",
        // Checked per profile by `everyDeviceProfileHasARow`.
        "DeviceProfile.catalogue": "one row per profile",
    ]

    // MARK: The checks

    @Test func theTableIsWellFormed() throws {
        let rows = try Self.table()
        #expect(rows.count > 100)
        var seen = Set<String>()
        for row in rows {
            #expect(seen.insert(row.id).inserted, "docs/reference.md § Evidence: \(row.id) twice")
            #expect(Self.levels.contains(row.level), "\(row.id): level '\(row.level)' is not one of the legend's")
            #expect(!row.value.isEmpty && !row.evidence.isEmpty && !row.place.isEmpty, "\(row.id): an empty cell")
        }
    }

    @Test func everyCatalogueParameterHasARow() throws {
        let problems = Self.catalogueProblems(try Self.catalogueFiles(), rows: try Self.table())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyCoreConstantHasARow() throws {
        let problems = Self.constantProblems(try Self.coreConstants(), rows: try Self.table())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyDeviceProfileHasARow() throws {
        let rows = try Self.table()
        for profile in DeviceProfile.catalogue {
            let s = profile.screen
            let row = rows.first { $0.place == "device" && $0.id == "device." + profile.name }
            #expect(row != nil, "no row device.\(profile.name)")
            guard let row else { continue }
            let shown = Self.numbers(row.value)
            for n in [s.size.width, s.size.height, s.scale, s.safeArea.top, s.safeArea.bottom, Double(s.iOS)] {
                #expect(shown.contains(n), "device.\(profile.name): \(n) is not in '\(row.value)'")
            }
        }
    }

    /// `default` is made of slide's and coverVertical's parameters, so it names their rows.
    @Test func everyCatalogueSourceNamesItsRows() throws {
        var animators = try Self.catalogueFiles().map { ($0.name, $0.source, $0.parameters.keys) }
        let made = try #require(Catalogue.shared.definition(named: "default"))
        let parts = ["slide", "coverVertical"].compactMap { Catalogue.shared.definition(named: $0) }
        animators.append((made.name, made.source, parts.flatMap { part in part.parameters.keys.map { "\(part.name).\($0)" } }))
        for (name, source, keys) in animators {
            for key in keys {
                let id = key.contains(".") ? key : "\(name).\(key)"
                let named = Self.names(source).contains(id)
                #expect(named, "\(name)'s source does not name the row \(id)")
            }
            #expect(source.contains("docs/reference.md § Evidence"), "\(name)'s source does not point at the table")
        }
    }

    /// The checks find what they are for: a parameter, a constant or a number without its row.
    @Test func aMissingRowOrAChangedNumberIsReported() throws {
        let rows = try Self.table()
        var files = try Self.catalogueFiles()
        let i = try #require(files.firstIndex { $0.name == "slide" })
        files[i].parameters["bounce"] = .number(0.2)
        #expect(Self.catalogueProblems(files, rows: rows).contains("slide.bounce: no row"))
        files = try Self.catalogueFiles()
        files[i].parameters["duration"] = .number(0.45)
        #expect(Self.catalogueProblems(files, rows: rows).contains { $0.hasPrefix("slide.duration: 0.45 is not in") })

        let constants = [Constant(symbol: "NavigationBarLayout.height", numbers: [44]),
                         Constant(symbol: "NavigationBarLayout.height", numbers: [50]),
                         Constant(symbol: "SheetGrabber.width", numbers: [36])]
        #expect(Self.constantProblems(constants, rows: rows).count == 2)
        let scanned = Self.constants(in: """
            extension World {
                /// A made-up default.
                static let madeUp = (seconds: 0.25, curve: TimingCurve.easeOut)
                static let zero = Point(x: 0, y: 0)
            }
            """)
        #expect(scanned.map(\.symbol) == ["World.madeUp"] && scanned[0].numbers == [0.25])
    }

    // MARK: What the checks compare

    /// A parameter with no row, or whose row's value does not show the parameter's default.
    static func catalogueProblems(_ files: [CatalogueFile], rows: [Row]) -> [String] {
        var problems: [String] = []
        for file in files {
            for (key, value) in file.parameters.entries {
                let id = "\(file.name).\(key)"
                guard let row = rows.first(where: { $0.id == id && $0.place == "catalogue" }) else {
                    problems.append("\(id): no row")
                    continue
                }
                let shown = numbers(row.value)
                for n in numbers(in: value) where !shown.contains(abs(n)) {
                    problems.append("\(id): \(n) is not in '\(row.value)'")
                }
                for s in strings(in: value) where !row.value.contains(s) {
                    problems.append("\(id): '\(s)' is not in '\(row.value)'")
                }
            }
        }
        return problems
    }

    /// A constant with no row naming it, or whose row's value does not show its numbers.
    static func constantProblems(_ constants: [Constant], rows: [Row]) -> [String] {
        var problems: [String] = []
        for constant in constants where notDefaults[constant.symbol] == nil {
            guard let row = rows.first(where: { $0.symbols.contains(constant.symbol) }) else {
                problems.append("\(constant.symbol): no row names it")
                continue
            }
            let shown = numbers(row.value)
            for n in constant.numbers where !shown.contains(n) {
                problems.append("\(constant.symbol) (row \(row.id)): \(n) is not in '\(row.value)'")
            }
        }
        return problems
    }

    // MARK: Reading the table, the catalogue and the core

    static func table() throws -> [Row] {
        let text = try #require(repositoryFile("docs/reference.md"), "cannot read docs/reference.md")
        let parts = text.split(separator: "\n## Evidence\n", maxSplits: 1, omittingEmptySubsequences: false)
        try #require(parts.count == 2, "docs/reference.md has no § Evidence")
        let section = parts[1].split(separator: "\n## ", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return section.split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0).split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingSpaces() }
            guard cells.count == 5, let id = backticked(cells[0]).first else { return nil }
            return Row(id: id, value: cells[1], level: cells[2], evidence: cells[3], place: cells[4])
        }
    }

    struct CatalogueFile {
        var name: String
        var source: String
        var parameters: JSONObject
    }

    /// Each file of the catalogue, as written.
    static func catalogueFiles() throws -> [CatalogueFile] {
        let folder = "Sources/TransitionCore/Catalogue/Animators"
        let names = try #require(repositoryFolder(folder), "cannot list \(folder)").filter { $0.hasSuffix(".json") }
        return try names.map { name in
            let text = try #require(repositoryFile("\(folder)/\(name)"))
            let json = try #require(try JSONParser.parse(Array(text.utf8)).objectValue)
            return CatalogueFile(name: try #require(json["name"]?.stringValue), source: json["source"]?.stringValue ?? "",
                                 parameters: json["parameters"]?.objectValue ?? JSONObject())
        }
    }

    /// A constant of the core: `Type.name` and the numbers its value is written with.
    struct Constant: Equatable {
        var symbol: String
        var numbers: [Double]
    }

    /// Every constant of Sources/TransitionCore written with a number other than 0 and 1.
    static func coreConstants() throws -> [Constant] {
        try swiftFiles(under: "Sources/TransitionCore").flatMap { path in
            constants(in: try #require(repositoryFile(path), "cannot read \(path)"))
        }
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        try #require(repositoryFolder(folder), "cannot list \(folder)").flatMap { name -> [String] in
            if name.hasSuffix(".swift") { return ["\(folder)/\(name)"] }
            guard let _ = repositoryFolder("\(folder)/\(name)") else { return [] }
            return try swiftFiles(under: "\(folder)/\(name)")
        }
    }

    /// The constants a Swift file declares: each `static let`, and each stored property of a
    /// top-level type with a default (`var threshold = 0.5`), named after the top-level type
    /// around it, with the numbers of its value (string literals and comments left out), when
    /// one of them is neither 0 nor 1.
    static func constants(in source: String) -> [Constant] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Constant] = []
        var type = "?"
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if let name = topLevelType(line) { type = name }
            if let (name, value) = declaration(line) {
                var text = value
                while depth(text) > 0 && i + 1 < lines.count {
                    i += 1
                    text += "\n" + lines[i]
                }
                let literal = numbers(withoutStringsAndComments(text))
                if literal.contains(where: { $0 != 0 && $0 != 1 }) { found.append(Constant(symbol: "\(type).\(name)", numbers: literal)) }
            }
            i += 1
        }
        return found
    }

    /// `enum Name`, `public struct Name`, `extension Name` … at the start of a line.
    static func topLevelType(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        guard let first = line.first, first.isLetter else { return nil }
        while let w = words.first, ["public", "internal", "private", "fileprivate", "final", "indirect"].contains(w) { words.removeFirst() }
        guard words.count >= 2, ["enum", "struct", "class", "extension", "actor"].contains(words[0]) else { return nil }
        return String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// The name and value of `static let name = value` (at any depth) or of a top-level type's
    /// stored property with a default (four spaces in): `var name: Type = value`.
    static func declaration(_ line: String) -> (String, String)? {
        let trimmed = line.drop { $0 == " " }
        let indent = line.count - trimmed.count
        var words = trimmed.split(separator: " ", maxSplits: 8).map(String.init)
        while let w = words.first, ["public", "internal", "private", "fileprivate", "private(set)", "nonisolated"].contains(w) { words.removeFirst() }
        let isStatic = words.first == "static"
        if isStatic { words.removeFirst() }
        guard words.count >= 2, (isStatic && words[0] == "let") || (!isStatic && indent == 4 && ["let", "var"].contains(words[0])) else { return nil }
        let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty, let equals = trimmed.firstRange(of: " = ") else { return nil }
        return (name, String(trimmed[equals.upperBound...]))
    }

    /// Brackets opened and not yet closed.
    static func depth(_ text: String) -> Int {
        text.reduce(0) { d, c in "([{".contains(c) ? d + 1 : ")]}".contains(c) ? d - 1 : d }
    }

    static func withoutStringsAndComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var out = "", inString = false, previous: Character = " "
            for c in line {
                if !inString && c == "/" && previous == "/" { out.removeLast(); break }
                if c == "\"" { inString.toggle() } else if !inString { out.append(c) }
                previous = c
            }
            return out
        }.joined(separator: "\n")
    }

    // MARK: Numbers and names in text

    /// The unsigned numbers written in `text` (`0.5`, `44`, `1e7`, `20_000`), skipping digits
    /// inside names (`m34`, `iOS7`).
    static func numbers(_ text: String) -> [Double] {
        let chars = Array(text)
        func digit(_ i: Int) -> Bool { i < chars.count && chars[i].isASCII && chars[i].isNumber }
        var result: [Double] = []
        var i = 0
        while i < chars.count {
            let before: Character = i > 0 ? chars[i - 1] : " "
            guard digit(i), !(before.isLetter || before.isNumber || before == "_") else { i += 1; continue }
            var token = ""
            while i < chars.count, digit(i) || (chars[i] == "_" && digit(i + 1)) || (chars[i] == "." && digit(i + 1)) ||
                    (chars[i] == "e" && (digit(i + 1) || (i + 2 < chars.count && chars[i + 1] == "-" && digit(i + 2)))) ||
                    (chars[i] == "-" && token.hasSuffix("e")) {
                if chars[i] != "_" { token.append(chars[i]) }
                i += 1
            }
            if let n = Double(token) { result.append(n) }
        }
        return result
    }

    static func numbers(in value: JSONValue) -> [Double] {
        switch value {
        case .number(let n): [n]
        case .array(let a): a.flatMap(numbers(in:))
        case .object(let o): o.entries.flatMap { numbers(in: $0.value) }
        default: []
        }
    }

    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let s): s.isEmpty ? [] : [s]
        case .array(let a): a.flatMap(strings(in:))
        case .object(let o): o.entries.flatMap { strings(in: $0.value) }
        default: []
        }
    }

    /// The dotted names in `text` (`slide.duration`), without a sentence's last full stop.
    static func names(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }.map { String($0.hasSuffix(".") ? $0.dropLast() : $0) })
    }

    /// The `backticked` words of `text`.
    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
