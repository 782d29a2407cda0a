import JSONCodec
import TestSupport

/// Random documents that stress the codec: nesting, every kind of scalar, strings with
/// control characters, quotes, backslashes and astral characters, and doubles of every shape.
struct DocumentGenerator {
    var rng: SplitMix64

    mutating func value(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0 ..< (depth < 4 ? 8 : 5), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2, 3: return .number(number())
        case 4: return .string(string())
        case 5: return .array((0 ..< Int.random(in: 0 ... 5, using: &rng)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0 ..< Int.random(in: 0 ... 5, using: &rng) {
                let name = string()
                if object[name] == nil { object[name] = value(depth: depth + 1) }
            }
            return .object(object)
        }
    }

    /// Finite doubles: raw bit patterns (any exponent), subnormals, integers, short decimals,
    /// extremes, and typical snapshot values.
    mutating func number() -> Double {
        switch Int.random(in: 0 ..< 8, using: &rng) {
        case 0:
            let d = Double(bitPattern: rng.next())
            return d.isFinite ? d : 0.5
        case 1: return Double(bitPattern: rng.next() & 0x000F_FFFF_FFFF_FFFF) * (Bool.random(using: &rng) ? 1 : -1)  // subnormal
        case 2: return Double(Int.random(in: -1_000_000 ... 1_000_000, using: &rng))
        case 3: return Double(Int.random(in: -100_000 ... 100_000, using: &rng)) / 1000
        case 4: return [0, -0.0, 1e-4, 1e-5, 0x1p53, 1e16, 1e300, -1e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2][Int.random(in: 0 ..< 11, using: &rng)]
        case 5: return Double(sign: .plus, exponent: Int.random(in: -1074 ... 1023, using: &rng), significand: Double.random(in: 1 ..< 2, using: &rng))
        default: return Double.random(in: -1000 ... 1000, using: &rng)
        }
    }

    mutating func string() -> String {
        var text = String.UnicodeScalarView()
        for _ in 0 ..< Int.random(in: 0 ... 12, using: &rng) {
            let scalar: UInt32 = switch Int.random(in: 0 ..< 6, using: &rng) {
            case 0: UInt32.random(in: 0 ..< 0x20, using: &rng)
            case 1: [0x22, 0x5C, 0x2F, 0x7F][Int.random(in: 0 ..< 4, using: &rng)]
            case 2: UInt32.random(in: 0x20 ..< 0x7F, using: &rng)
            case 3: UInt32.random(in: 0x80 ..< 0xD800, using: &rng)
            case 4: UInt32.random(in: 0xE000 ... 0xFFFF, using: &rng)
            default: UInt32.random(in: 0x10000 ... 0x10FFFF, using: &rng)
            }
            text.append(Unicode.Scalar(scalar) ?? "?")
        }
        return String(text)
    }
}

extension JSONParseError {
    /// `line:column` for compact expectations.
    var position: String { "\(line):\(column)" }
}

/// Parses `text`, returning the error (nil when it parses).
func parseError(_ text: String, limits: JSONParser.Limits = .init()) -> JSONParseError? {
    parseError(Array(text.utf8), limits: limits)
}

func parseError(_ bytes: [UInt8], limits: JSONParser.Limits = .init()) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

func written(_ body: (inout JSONWriter) -> Void, precision: Int? = nil) -> String {
    var writer = JSONWriter(precision: precision)
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}
