/// A routing table, generic over the handler so that it can be tested without a server.
///
/// Patterns are `/`-separated segments, each literal (`sessions`) or a parameter (`{id}`).
/// Matching is exact and case-sensitive on the raw path; a parameter matches one non-empty
/// segment and is percent-decoded (a segment that does not decode to UTF-8 matches nothing).
/// A trailing slash is one more, empty, segment, so `/v1/sessions/` matches nothing.
/// A literal segment wins over a parameter at the same place, falling back to the parameter
/// only when the literal branch cannot match the rest of the path.
///
/// The path alone picks the route; the method then either finds its handler or, if the route
/// has none for it, makes a 405 listing the methods it does have.
public struct Router<Handler: Sendable>: Sendable {
    /// The routes as a tree of segments; `nodes[0]` is the root, children are indices.
    private var nodes = [Node()]

    private struct Node: Sendable {
        /// Literal segments as their UTF-8 bytes, compared with the path's bytes where they stand.
        var literals: [(segment: [UInt8], node: Int)] = []
        var parameter: (name: String, node: Int)?
        /// The pattern ending here and its handlers by method, once a route ends here.
        var pattern: String?
        /// A few methods at most: found by comparing, not hashing.
        var handlers: [(method: String, handler: Handler)] = []
    }

    public init() {}

    /// Registers `handler` for `method` on `pattern`. A pattern registered twice for one method,
    /// or two parameter names at the same place, is a programming error and traps.
    public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        precondition(pattern.hasPrefix("/"), "route pattern '\(pattern)' must start with '/'")
        var current = 0
        var rest: Substring.UTF8View? = pattern.utf8.dropFirst()
        while let path = rest {
            let (bytes, next) = Self.firstSegment(of: path)
            rest = next
            let segment = String(decoding: bytes, as: UTF8.self)
            if segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2 {
                let name = String(segment.dropFirst().dropLast())
                if let (existing, node) = nodes[current].parameter {
                    precondition(existing == name, "route '\(pattern)' names parameter '\(name)' where another route has '\(existing)'")
                    current = node
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = (name, nodes.count - 1)
                    current = nodes.count - 1
                }
            } else if let child = nodes[current].literals.first(where: { $0.segment == Array(segment.utf8) }) {
                current = child.node
            } else {
                nodes.append(Node())
                nodes[current].literals.append((Array(segment.utf8), nodes.count - 1))
                current = nodes.count - 1
            }
        }
        precondition(!nodes[current].handlers.contains { $0.method == method }, "route \(method) \(pattern) is registered twice")
        nodes[current].pattern = pattern
        nodes[current].handlers.append((method, handler))
    }

    public func match(method: String, path: String) -> RouteResult<Handler> {
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return .notFound }
            var parameters = RouteParameters()
            guard let node = find(bytes, from: 1, node: 0, parameters: &parameters), let pattern = nodes[node].pattern else {
                return .notFound
            }
            guard let handler = nodes[node].handlers.first(where: { $0.method == method })?.handler else {
                return .methodNotAllowed(allowed: nodes[node].handlers.map(\.method).sorted(), pattern: pattern)
            }
            return .found(handler, parameters: parameters, pattern: pattern)
        }
    }

    /// The node where a route for the path's segments from `start` (nil: none left) ends,
    /// literals first; recursion is as deep as the longest pattern, as a longer path fails at the
    /// first segment past it. Segments are read from the path's UTF-8 bytes where they stand:
    /// splitting the path into an array of substrings, or comparing `Substring.UTF8View`s
    /// generically, would be most of what a match costs.
    private func find(_ path: UnsafeBufferPointer<UInt8>, from start: Int?, node current: Int,
                      parameters: inout RouteParameters) -> Int? {
        guard let start else {
            return nodes[current].pattern == nil ? nil : current
        }
        var end = start
        while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: path[start..<end])
        let next = end < path.count ? end + 1 : nil
        if let child = nodes[current].literals.first(where: { Self.equal($0.segment, segment) }),
           let found = find(path, from: next, node: child.node, parameters: &parameters) {
            return found
        }
        guard let (name, child) = nodes[current].parameter, !segment.isEmpty,
              let value = PercentDecoding.decode(segment, plusIsSpace: false),
              let found = find(path, from: next, node: child, parameters: &parameters)
        else { return nil }
        parameters.append(name, value)
        return found
    }

    private static func equal(_ literal: [UInt8], _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard literal.count == segment.count else { return false }
        return literal.withUnsafeBufferPointer { $0.elementsEqual(segment) }
    }

    /// The segment before the first `/` of `path` (the path after a `/`) and what follows that
    /// `/`, nil when none does: `a/b` → `a`, `b`; `a/` → `a`, ``; `` → ``, nil.
    private static func firstSegment(of path: Substring.UTF8View) -> (segment: Substring.UTF8View, rest: Substring.UTF8View?) {
        guard let slash = path.firstIndex(of: UInt8(ascii: "/")) else { return (path, nil) }
        return (path[..<slash], path[path.index(after: slash)...])
    }
}

public enum RouteResult<Handler: Sendable>: Sendable {
    case found(Handler, parameters: RouteParameters, pattern: String)
    /// The path names a route that has no handler for the method; `allowed` is sorted.
    case methodNotAllowed(allowed: [String], pattern: String)
    case notFound
}
