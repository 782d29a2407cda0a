import JSONCodec

/// `selectTab`, `present`, `dismiss`, `alertAction`, `tapOutside` and `selectDetent`.
enum ContainerActions {
    static let decoders: [(type: String, decode: Action.Decoder)] = [
        ("selectTab", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            let index = try r.integer("index", in: 0...63)
            let id = try r.string("viewController", maxLength: 64).map { ControllerID($0) }
            guard (index == nil) != (id == nil) else {
                throw SimulationError(r.pointer, "give exactly one of 'index' or 'viewController'")
            }
            return SelectTab(index: index, controller: id)
        }),
        ("present", { (r: inout SpecReader, limits: SceneLimits) throws(SimulationError) -> any ActionBody in
            guard let spec = r.value("viewController") else { throw SimulationError(r.path("viewController"), "is required: the controller to present") }
            let controller = try ControllerSpec.decode(spec, at: r.path("viewController"), limits: limits, presented: true)
            var style: PresentationStyle?
            if let name = try r.string("modalPresentationStyle", maxLength: 32) {
                guard let parsed = PresentationStyle(rawValue: name) else {
                    throw SimulationError(r.path("modalPresentationStyle"), "one of \(PresentationStyle.list)")
                }
                style = parsed
            }
            return Present(controller: controller, from: try r.string("from", maxLength: 64).map { ControllerID($0) }, style: style)
        }),
        ("dismiss", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            Dismiss(target: try r.string("viewController", maxLength: 64).map { ControllerID($0) })
        }),
        ("alertAction", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            guard let index = try r.integer("index", in: 0...(AlertSpec.maxActions - 1)) else {
                throw SimulationError(r.path("index"), "is required: the index in the alert's actions of the button tapped")
            }
            return TapAlertAction(index: index, alert: try r.string("viewController", maxLength: 64).map { ControllerID($0) })
        }),
        ("tapOutside", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            TapOutside(location: try r.point("location"))
        }),
        ("selectDetent", { (r: inout SpecReader, _: SceneLimits) throws(SimulationError) -> any ActionBody in
            let controller = ControllerID(try r.requiredString("viewController", maxLength: 64))
            // A custom detent's identifier is the sheet's to know: the world checks the name.
            return SelectDetent(controller: controller, detent: try r.requiredString("detent", maxLength: 16))
        }),
    ]

    struct SelectTab: ActionBody {
        var index: Int?
        var controller: ControllerID?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            let tabs = try world.tabBarController(named: action.container, pointer: action.pointer + "/container")
            var target = index ?? 0
            if let controller {
                guard let i = world[controller: tabs].children.firstIndex(of: controller) else {
                    throw .conflict(.notInContainer, detail: "'\(controller)' is not a tab of '\(tabs)'", pointer: action.pointer + "/viewController")
                }
                target = i
            }
            try world.selectTab(tabs, index: target, animated: action.animated, animator: action.animator,
                                interactive: action.interactive, pointer: action.pointer + (index == nil ? "/viewController" : "/index"))
        }
    }

    struct Present: ActionBody {
        var controller: ControllerSpec
        var from: ControllerID?
        var style: PresentationStyle?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            try world.present(controller, from: from, style: style, animated: action.animated, animator: action.animator,
                              interactive: action.interactive, pointer: action.pointer)
        }
    }

    struct TapAlertAction: ActionBody {
        var index: Int
        var alert: ControllerID?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            try world.refuseAlertTransitionChoice(animator: action.animator, interactive: action.interactive, pointer: action.pointer)
            try world.tapAlertAction(index, of: alert, animated: action.animated, pointer: action.pointer)
        }
    }

    struct TapOutside: ActionBody {
        var location: Point?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            // UIKit's tap dismisses animated, always, and drives nothing.
            guard action.animated else { throw SimulationError(action.pointer + "/animated", "a tap outside a popover always dismisses it animated (dismissViewControllerAnimated:YES)") }
            guard !action.interactive else { throw SimulationError(action.pointer + "/interactive", "a tap outside a popover drives no interactive transition") }
            try world.tapOutsidePopover(at: location, animator: action.animator, pointer: action.pointer)
        }
    }

    struct SelectDetent: ActionBody {
        var controller: ControllerID
        var detent: String

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            try world.selectDetent(controller, detent, animated: action.animated, pointer: action.pointer)
        }
    }

    struct Dismiss: ActionBody {
        var target: ControllerID?

        func perform(_ action: Action, on world: inout World) throws(SimulationError) {
            // A dismissal of a page whose cancelled zoom out springs back zooms it out from there.
            if world.catchSpringBack(following: false, { (w) throws(SimulationError) in try perform(action, on: &w) }) { return }
            try world.dismiss(target, animated: action.animated, animator: action.animator, interactive: action.interactive,
                              pointer: action.pointer)
        }
    }
}
