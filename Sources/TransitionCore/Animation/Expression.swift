import JSONCodec

/// A number in an animator spec: a JSON number, or a small arithmetic expression in a string
/// (`"duration / 4"`, `"-container.width * parallax"`, `"1 / damping"`). Total by design: only
/// + − × ÷, parentheses, `min`/`max`/`abs`/`round`, numbers and names; a division by zero or a
/// non-finite result is an error at run time, never a trap.
indirect enum Expression: Sendable, Equatable {
    case constant(Double)
    case name(Name)
    case negate(Expression)
    case binary(Character, Expression, Expression)
    case call(String, [Expression])

    /// A name an expression reads, decided when it is parsed.
    enum Name: Sendable, Equatable, CustomStringConvertible {
        /// `duration`, `pi` or a parameter (or a word that means nothing: validation says so).
        case word(String)
        case geometry(GeometryName)

        init(_ text: String) {
            self = GeometryName(text).map(Name.geometry) ?? .word(text)
        }

        var description: String {
            switch self {
            case .word(let word): word
            case .geometry(let geometry): geometry.description
            }
        }
    }

    static let functions: [String: Int] = ["min": 2, "max": 2, "abs": 1, "round": 1]
    static let maxLength = 256

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Expression {
        switch json {
        case .number(let n):
            guard n.isFinite else { throw SimulationError(pointer, "must be finite") }
            return .constant(n)
        case .string(let text):
            guard text.utf8.count <= maxLength else { throw SimulationError(pointer, "expressions are at most \(maxLength) bytes") }
            var parser = ExpressionParser(text: Array(text.utf8), pointer: pointer)
            return try parser.parseAll()
        default:
            throw SimulationError(pointer, "expected a number or an expression string, found \(json.typeName)")
        }
    }

    /// The names this expression reads, in order, for validation against what a spec defines.
    var names: [Name] {
        switch self {
        case .constant: []
        case .name(let n): [n]
        case .negate(let e): e.names
        case .binary(_, let l, let r): l.names + r.names
        case .call(_, let args): args.flatMap(\.names)
        }
    }

    func evaluate(_ lookup: (Name) -> Double?) throws(SimulationError) -> Double {
        let value: Double
        switch self {
        case .constant(let n): value = n
        case .name(let n):
            guard let v = lookup(n) else { throw SimulationError("", "unknown name '\(n)'") }
            value = v
        case .negate(let e): value = -(try e.evaluate(lookup))
        case .binary(let op, let l, let r):
            let a = try l.evaluate(lookup), b = try r.evaluate(lookup)
            switch op {
            case "+": value = a + b
            case "-": value = a - b
            case "*": value = a * b
            default:
                guard b != 0 else { throw SimulationError("", "division by zero") }
                value = a / b
            }
        case .call(let f, let args):
            let v = try args.map { (e) throws(SimulationError) in try e.evaluate(lookup) }
            switch f {
            case "min": value = Swift.min(v[0], v[1])
            case "max": value = Swift.max(v[0], v[1])
            case "abs": value = Swift.abs(v[0])
            default: value = v[0].rounded()
            }
        }
        guard value.isFinite else { throw SimulationError("", "the expression's value is not finite") }
        return value
    }
}

/// Recursive descent over bytes: expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)* ;
/// unary := '-' unary | atom ; atom := number | name | name '(' args ')' | '(' expr ')'.
struct ExpressionParser {
    let text: [UInt8]
    let pointer: String
    var index = 0
    var depth = 0

    init(text: [UInt8], pointer: String) {
        self.text = text
        self.pointer = pointer
    }

    mutating func parseAll() throws(SimulationError) -> Expression {
        let e = try parseSum()
        skipSpaces()
        guard index == text.count else { throw fail("unexpected '\(String(decoding: [text[index]], as: UTF8.self))'") }
        return e
    }

    func fail(_ reason: String) -> SimulationError {
        SimulationError(pointer, "\(reason) at offset \(index) in expression '\(String(decoding: text, as: UTF8.self))'")
    }

    mutating func skipSpaces() {
        while index < text.count, text[index] == 0x20 { index += 1 }
    }

    mutating func peek() -> UInt8? {
        skipSpaces()
        return index < text.count ? text[index] : nil
    }

    mutating func parseSum() throws(SimulationError) -> Expression {
        var e = try parseProduct()
        while let c = peek(), c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            index += 1
            e = .binary(Character(UnicodeScalar(c)), e, try parseProduct())
        }
        return e
    }

    mutating func parseProduct() throws(SimulationError) -> Expression {
        var e = try parseUnary()
        while let c = peek(), c == UInt8(ascii: "*") || c == UInt8(ascii: "/") {
            index += 1
            e = .binary(Character(UnicodeScalar(c)), e, try parseUnary())
        }
        return e
    }

    mutating func parseUnary() throws(SimulationError) -> Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw fail("nesting too deep") }
        if peek() == UInt8(ascii: "-") {
            index += 1
            return .negate(try parseUnary())
        }
        return try parseAtom()
    }

    static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24
            || (!first && ((b >= 0x30 && b <= 0x39) || b == 0x2E))
    }

    mutating func parseAtom() throws(SimulationError) -> Expression {
        guard let c = peek() else { throw fail("expected a number or a name") }
        if c == UInt8(ascii: "(") {
            index += 1
            let e = try parseSum()
            guard peek() == UInt8(ascii: ")") else { throw fail("expected ')'") }
            index += 1
            return e
        }
        if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: ".") {
            let start = index
            while index < text.count, (text[index] >= 0x30 && text[index] <= 0x39) || text[index] == UInt8(ascii: ".") {
                index += 1
            }
            if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
                index += 1
                if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
                while index < text.count, text[index] >= 0x30 && text[index] <= 0x39 { index += 1 }
            }
            guard let n = Double(String(decoding: text[start..<index], as: UTF8.self)), n.isFinite else {
                throw fail("malformed number")
            }
            return .constant(n)
        }
        guard Self.isNameByte(c, first: true) else { throw fail("unexpected '\(String(decoding: [c], as: UTF8.self))'") }
        let start = index
        while index < text.count, Self.isNameByte(text[index], first: index == start) { index += 1 }
        let name = String(decoding: text[start..<index], as: UTF8.self)
        if peek() == UInt8(ascii: "(") {
            guard let arity = Expression.functions[name] else { throw fail("unknown function '\(name)'") }
            index += 1
            var args: [Expression] = []
            if peek() != UInt8(ascii: ")") {
                args.append(try parseSum())
                while peek() == UInt8(ascii: ",") {
                    index += 1
                    args.append(try parseSum())
                }
            }
            guard peek() == UInt8(ascii: ")") else { throw fail("expected ')'") }
            index += 1
            guard args.count == arity else { throw fail("\(name) takes \(arity) argument\(arity == 1 ? "" : "s")") }
            return .call(name, args)
        }
        return .name(Expression.Name(name))
    }
}
