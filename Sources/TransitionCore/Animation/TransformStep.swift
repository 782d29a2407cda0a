import JSONCodec

/// One step of a 2D affine transform. A list of steps applies to the view's points in order
/// (the first step first), so `[{"scale": 0.3}, {"translate": [10, 0]}]` scales, then moves.
enum TransformStep: Sendable, Equatable {
    case scale(Located<Expression>, Located<Expression>)
    case translate(Located<Expression>, Located<Expression>)
    case rotate(Located<Expression>)

    static let maxSteps = 16

    /// The list at `pointer`: where the interpreter reports what goes wrong while working it out.
    static func decodeList(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Located<[TransformStep]> {
        Located(try decodeSteps(json, at: pointer), at: pointer)
    }

    static func decodeSteps(_ json: JSONValue, at pointer: String) throws(SimulationError) -> [TransformStep] {
        if json.stringValue == "identity" { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected \"identity\" or a list of transform steps") }
        guard list.count <= maxSteps else { throw SimulationError(pointer, "at most \(maxSteps) transform steps") }
        var steps: [TransformStep] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            var r = try SpecReader(item, at: p)
            guard r.object.entries.count == 1 else { throw SimulationError(p, "a transform step has exactly one of scale, translate, rotate") }
            if let s = r.value("scale") {
                if let pair = try exprList(s, count: 2, at: r.path("scale")) {
                    // The first number is located at `scale` itself, as one number scaling both is.
                    steps.append(.scale(Located(pair[0].value, at: r.path("scale")), pair[1]))
                } else {
                    let e = try Located<Expression>.decode(s, at: r.path("scale"))
                    steps.append(.scale(e, e))
                }
            } else if let t = r.value("translate") {
                guard let pair = try exprList(t, count: 2, at: r.path("translate")) else { throw SimulationError(r.path("translate"), "expected [tx, ty]") }
                steps.append(.translate(pair[0], pair[1]))
            } else if let a = r.value("rotate") {
                steps.append(.rotate(try .decode(a, at: r.path("rotate"))))
            } else {
                throw SimulationError(p, "expected one of scale, translate, rotate" + (r.object.keys.contains { $0.hasSuffix("3d") } ? " (3D steps go in transform3D)" : ""))
            }
            try r.finish()
        }
        return steps
    }
}
