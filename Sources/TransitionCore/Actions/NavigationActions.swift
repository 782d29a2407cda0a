import JSONCodec

/// `push`, `pop`, `popToRoot`, `popTo`, `setViewControllers` on a navigation controller.
enum NavigationActions {
    static let decoders: [(type: String, decode: Action.Decoder)] = [
        ("push", { (r: inout SpecReader, limits: SceneLimits) throws(SimulationError) -> any ActionBody in
            guard let spec = r.value("viewController") else { throw SimulationError(r.path("viewController"), "is required: the controller to push") }
            return Push(controller: try ControllerSpec.decode(spec, at: r.path("viewController"), limits: limits))
        }),
        ("pop", { (_: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in Pop(target: .previous) }),
        ("popToRoot", { (_: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in Pop(target: .root) }),
        ("popTo", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            Pop(target: .controller(ControllerID(try r.requiredString("viewController", maxLength: 64))))
        }),
        ("setViewControllers", { (r: inout SpecReader, limits: SceneLimits) throws(SimulationError) -> any ActionBody in
            guard let list = try r.array("viewControllers", maxCount: 64), !list.isEmpty else {
                throw SimulationError(r.path("viewControllers"), "is required: a non-empty list of ids or controller specs")
            }
            var entries: [SetViewControllers.Entry] = []
            for (i, item) in list.enumerated() {
                let p = SpecReader.child(r.path("viewControllers"), String(i))
                if let id = item.stringValue {
                    entries.append(.existing(ControllerID(id)))
                } else {
                    entries.append(.new(try ControllerSpec.decode(item, at: p, limits: limits)))
                }
            }
            return SetViewControllers(entries: entries)
        }),
    ]

    struct Push: ActionBody {
        var controller: ControllerSpec

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            try world.push(controller, container: action.container, animated: action.animated, animator: action.animator,
                           interactive: action.interactive, pointer: action.pointer)
        }
    }

    struct Pop: ActionBody {
        enum Target { case previous, root, controller(ControllerID) }
        var target: Target

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            // A pop of a page whose cancelled zoom out springs back zooms it out from there.
            if world.catchSpringBack(following: false, { (w) throws(SimulationError) in try perform(action, on: &w) }) { return }
            let nav = try world.navigationController(named: action.container, pointer: action.pointer + "/container")
            let stack = world[controller: nav].children
            let keep: Int
            switch target {
            case .previous: keep = stack.count - 1
            case .root: keep = 1
            case .controller(let id):
                guard let index = stack.firstIndex(of: id) else {
                    throw .conflict(.notInContainer, detail: "'\(id)' is not in the stack of '\(nav)' (\(stack.map(\.rawValue).joined(separator: ", ")))",
                                    pointer: action.pointer + "/viewController")
                }
                keep = index + 1
            }
            guard keep < stack.count, keep >= 1 else {
                throw .conflict(.nothingToPop, detail: "'\(stack.last!)' is the top of '\(nav)' and nothing above \(keep == stack.count ? "it" : "the root") can be popped; UIKit would return nil and do nothing")
            }
            try world.changeStack(of: nav, to: Array(stack[..<keep]), operation: .pop, animated: action.animated,
                                  animator: action.animator, interactive: action.interactive)
        }
    }

    struct SetViewControllers: ActionBody {
        enum Entry { case existing(ControllerID), new(ControllerSpec) }
        var entries: [Entry]

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            let nav = try world.navigationController(named: action.container, pointer: action.pointer + "/container")
            try world.ensureIdle()
            let stack = world[controller: nav].children
            var newStack: [ControllerID] = []
            for (i, entry) in entries.enumerated() {
                let p = action.pointer + "/viewControllers/\(i)"
                switch entry {
                case .existing(let id):
                    guard stack.contains(id) else {
                        throw .conflict(.notInContainer, detail: "'\(id)' is not in the stack of '\(nav)'; give a spec to add a new controller", pointer: p)
                    }
                    guard !newStack.contains(id) else { throw SimulationError(p, "'\(id)' appears twice") }
                    newStack.append(id)
                case .new(let spec):
                    newStack.append(try world.makeController(spec, parent: nav))
                }
            }
            // UIKit: a push when the new top was not in the old stack, a pop when it was.
            let operation: TransitionOperation? = newStack.last == stack.last ? nil : (stack.contains(newStack.last!) ? .pop : .push)
            try world.changeStack(of: nav, to: newStack, operation: operation, animated: action.animated,
                                  animator: action.animator, interactive: action.interactive)
        }
    }
}
