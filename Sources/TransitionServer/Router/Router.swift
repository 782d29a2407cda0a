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
    /// The routes as a tree of segments; `nodes[0]` is the root. A match reads only plain
    /// values (indices and bytes), so it retains nothing: nodes that held arrays and strings had
    /// each retained and released by every worker thread, on the one table they all share.
    private var nodes = [Node()]
    /// Literal segments, each a node's child; a node's literals are a list through `next`.
    private var literals: [Literal] = []
    /// The bytes of every literal segment, one after another.
    private var segmentBytes: [UInt8] = []
    /// Parameter names, by index.
    private var parameterNames: [String] = []
    /// Route patterns, by index.
    private var patterns: [String] = []
    /// Handlers, each of a method on a route; a route's handlers are a list through `next`.
    /// A few methods a route at most: found by comparing, not hashing.
    private var handlers: [(method: String, handler: Handler, next: Int)] = []

    /// A node of the tree: `-1` stands for none in each index.
    private struct Node {
        var firstLiteral = -1
        /// The parameter segment's name (in `parameterNames`) and the node it leads to.
        var parameter = -1
        var parameterNode = -1
        /// The pattern ending here (in `patterns`) and its first handler, once a route ends here.
        var pattern = -1
        var firstHandler = -1
    }

    /// A literal segment: its bytes (`segmentBytes[start..<end]`), the node it leads to and the
    /// next literal of the same parent (`-1`: none).
    private struct Literal {
        var start: Int
        var end: Int
        var node: Int
        var next: Int
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
                if nodes[current].parameter >= 0 {
                    let existing = parameterNames[nodes[current].parameter]
                    precondition(existing == name, "route '\(pattern)' names parameter '\(name)' where another route has '\(existing)'")
                } else {
                    parameterNames.append(name)
                    nodes.append(Node())
                    nodes[current].parameter = parameterNames.count - 1
                    nodes[current].parameterNode = nodes.count - 1
                }
                current = nodes[current].parameterNode
            } else if let child = literalChild(of: current, matching: Array(segment.utf8)) {
                current = child
            } else {
                let start = segmentBytes.count
                segmentBytes += segment.utf8
                nodes.append(Node())
                literals.append(Literal(start: start, end: segmentBytes.count, node: nodes.count - 1, next: nodes[current].firstLiteral))
                nodes[current].firstLiteral = literals.count - 1
                current = nodes.count - 1
            }
        }
        precondition(!methods(at: current).contains(method), "route \(method) \(pattern) is registered twice")
        if nodes[current].pattern < 0 {
            patterns.append(pattern)
            nodes[current].pattern = patterns.count - 1
        }
        handlers.append((method, handler, nodes[current].firstHandler))
        nodes[current].firstHandler = handlers.count - 1
    }

    public func match(method: String, path: String) -> RouteResult<Handler> {
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return .notFound }
            var parameters = RouteParameters()
            guard let node = find(bytes, from: 1, node: 0, parameters: &parameters) else { return .notFound }
            let pattern = patterns[nodes[node].pattern]
            var h = nodes[node].firstHandler
            while h >= 0 {
                if handlers[h].method == method { return .found(handlers[h].handler, parameters: parameters, pattern: pattern) }
                h = handlers[h].next
            }
            return .methodNotAllowed(allowed: methods(at: node).sorted(), pattern: pattern)
        }
    }

    /// The methods of the handlers at `node`.
    private func methods(at node: Int) -> [String] {
        var methods: [String] = []
        var h = nodes[node].firstHandler
        while h >= 0 {
            methods.append(handlers[h].method)
            h = handlers[h].next
        }
        return methods
    }

    /// The node `node`'s literal child `segment` leads to, nil when it has none.
    private func literalChild(of node: Int, matching segment: [UInt8]) -> Int? {
        segment.withUnsafeBufferPointer { literalChild(of: node, matching: $0) }
    }

    private func literalChild(of node: Int, matching segment: UnsafeBufferPointer<UInt8>) -> Int? {
        var l = nodes[node].firstLiteral
        while l >= 0 {
            let literal = literals[l]
            if literal.end - literal.start == segment.count {
                var i = 0
                while i < segment.count && segmentBytes[literal.start + i] == segment[i] { i += 1 }
                if i == segment.count { return literal.node }
            }
            l = literal.next
        }
        return nil
    }

    /// The node where a route for the path's segments from `start` (nil: none left) ends,
    /// literals first; recursion is as deep as the longest pattern, as a longer path fails at the
    /// first segment past it. Segments are read from the path's UTF-8 bytes where they stand:
    /// splitting the path into an array of substrings, or comparing `Substring.UTF8View`s
    /// generically, would be most of what a match costs.
    private func find(_ path: UnsafeBufferPointer<UInt8>, from start: Int?, node current: Int,
                      parameters: inout RouteParameters) -> Int? {
        guard let start else {
            return nodes[current].pattern < 0 ? nil : current
        }
        var end = start
        while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: path[start..<end])
        let next = end < path.count ? end + 1 : nil
        if let child = literalChild(of: current, matching: segment),
           let found = find(path, from: next, node: child, parameters: &parameters) {
            return found
        }
        let node = nodes[current]
        guard node.parameter >= 0, !segment.isEmpty,
              let value = PercentDecoding.decode(segment, plusIsSpace: false),
              let found = find(path, from: next, node: node.parameterNode, parameters: &parameters)
        else { return nil }
        parameters.append(parameterNames[node.parameter], value)
        return found
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
