/// The values a matched route's parameters (`{id}` in `/v1/sessions/{id}`) took from the path,
/// by name. A route of the service has at most one parameter, so the first is held inline and a
/// name is found by comparing, not by hashing: a dictionary, or even an array, would be made for
/// every request that matched.
public struct RouteParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Innermost first: the router records a parameter once the rest of the path has matched.
    private var first: (name: String, value: String)?
    /// The parameters after the first, for patterns with more than one.
    private var rest: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { append(name, value) }
    }

    /// The value of the parameter `name`, nil when the route has none of that name.
    public subscript(name: String) -> String? {
        if let first, first.name == name { return first.value }
        return rest.first { $0.name == name }?.value
    }

    mutating func append(_ name: String, _ value: String) {
        if first == nil { first = (name, value) } else { rest.append((name, value)) }
    }

    /// How many parameters there are.
    private var count: Int { first == nil ? 0 : 1 + rest.count }

    /// Equal when they give each name the same value, whatever the order they were found in.
    public static func == (a: Self, b: Self) -> Bool {
        guard a.count == b.count else { return false }
        if let first = a.first, b[first.name] != first.value { return false }
        return a.rest.allSatisfy { b[$0.name] == $0.value }
    }
}
