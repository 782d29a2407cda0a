import JSONCodec

/// One step of a 3D layer transform (`CATransform3D`), applied to the layer's points in order,
/// the first step first, like `TransformStep`. `perspective` multiplies by a matrix whose m34 is
/// the given value (`-1 / 500` is the usual "eye 500 pt away"), so it normally comes last:
/// `[{"rotate3d": ["pi / 2", 0, 1, 0]}, {"perspective": "-1 / 500"}]`.
enum Transform3DStep: Sendable, Equatable {
    case perspective(Located<Expression>)
    /// Angle in radians about the axis (x, y, z), `CATransform3DMakeRotation`.
    case rotate(Located<Expression>, Located<Expression>, Located<Expression>, Located<Expression>)
    case scale(Located<Expression>, Located<Expression>, Located<Expression>)
    case translate(Located<Expression>, Located<Expression>, Located<Expression>)

    /// The list at `pointer`: where the interpreter reports what goes wrong while working it out.
    static func decodeList(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Located<[Transform3DStep]> {
        Located(try decodeSteps(json, at: pointer), at: pointer)
    }

    static func decodeSteps(_ json: JSONValue, at pointer: String) throws(SimulationError) -> [Transform3DStep] {
        if json.stringValue == "identity" { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected \"identity\" or a list of 3D transform steps") }
        guard list.count <= TransformStep.maxSteps else { throw SimulationError(pointer, "at most \(TransformStep.maxSteps) transform steps") }
        var steps: [Transform3DStep] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            var r = try SpecReader(item, at: p)
            guard r.object.entries.count == 1 else { throw SimulationError(p, "a 3D transform step has exactly one of perspective, rotate3d, scale3d, translate3d") }
            if let m34 = r.value("perspective") {
                steps.append(.perspective(try .decode(m34, at: r.path("perspective"))))
            } else if let v = r.value("rotate3d") {
                guard let four = try exprList(v, count: 4, at: r.path("rotate3d")) else { throw SimulationError(r.path("rotate3d"), "expected [angle, x, y, z]") }
                steps.append(.rotate(four[0], four[1], four[2], four[3]))
            } else if let v = r.value("scale3d") {
                if let three = try exprList(v, count: 3, at: r.path("scale3d")) {
                    steps.append(.scale(three[0], three[1], three[2]))
                } else {
                    // One number is located as the first and second of the three it stands for.
                    let e = try Expression.decode(v, at: r.path("scale3d"))
                    let at = r.path("scale3d")
                    steps.append(.scale(Located(e, at: SpecReader.child(at, "0")), Located(e, at: SpecReader.child(at, "1")),
                                        Located(.constant(1), at: SpecReader.child(at, "2"))))
                }
            } else if let v = r.value("translate3d") {
                guard let three = try exprList(v, count: 3, at: r.path("translate3d")) else { throw SimulationError(r.path("translate3d"), "expected [tx, ty, tz]") }
                steps.append(.translate(three[0], three[1], three[2]))
            } else {
                throw SimulationError(p, "expected one of perspective, rotate3d, scale3d, translate3d")
            }
            try r.finish()
        }
        return steps
    }
}
