/// The values a matched route's parameters (`{id}` in `/v1/sessions/{id}`) took from the path,
/// by name. A route has one parameter, so a name is found by comparing, not by hashing: a
/// dictionary would be built for every request that matched.
public struct RouteParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Innermost first: the router records a parameter once the rest of the path has matched.
    private var names: [String] = []
    private var values: [String] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { append(name, value) }
    }

    /// The value of the parameter `name`, nil when the route has none of that name.
    public subscript(name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }

    /// Equal when they give each name the same value, whatever the order they were found in.
    public static func == (a: Self, b: Self) -> Bool {
        a.names.count == b.names.count && a.names.indices.allSatisfy { b[a.names[$0]] == a.values[$0] }
    }
}
