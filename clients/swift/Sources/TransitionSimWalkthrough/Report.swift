// The walkthrough's report: the values it read, as one JSON object whose members keep the order they
// were added in (the test compares the member names in order). Numbers print as Swift's shortest
// round-trip decimals, so the test compares them to the last bit with the server's.

/// A value the report can hold.
protocol Reportable {
    /// The value as JSON text.
    var json: String { get }
}

extension Double: Reportable { var json: String { "\(self)" } }
extension Int: Reportable { var json: String { "\(self)" } }
extension Int64: Reportable { var json: String { "\(self)" } }
extension Bool: Reportable { var json: String { self ? "true" : "false" } }

extension String: Reportable {
    var json: String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A missing value is JSON's null.
extension Optional: Reportable where Wrapped: Reportable {
    var json: String { map(\.json) ?? "null" }
}

/// A JSON array of any reportable values.
struct List: Reportable {
    let items: [any Reportable]
    init(_ items: [any Reportable]) { self.items = items }
    var json: String { "[" + items.map(\.json).joined(separator: ",") + "]" }
}

/// The report: named values in order.
struct Report: Reportable {
    private var members: [(String, any Reportable)] = []
    /// Adds a member (a nil value is written as null).
    subscript(name: String) -> any Reportable {
        get { members.first { $0.0 == name }?.1 ?? Int?.none }
        set { members.append((name, newValue)) }
    }
    var json: String { "{" + members.map { $0.0.json + ":" + $0.1.json }.joined(separator: ",") + "}" }
}

/// The server answered something the walkthrough did not expect.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ expected: String) { description = "expected " + expected }
}
