import JSONCodec
import TransitionCore

extension SnapshotEncoder {
    /// `GET /v1/sessions/{id}` and the 201 body of creation.
    mutating func sessionState(id: String, clock: ClockMode, world: World, historyStart: Double) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("time"); writer.number(world.now)
        writer.key("clock"); writer.string(clock.rawValue)
        writer.key("screen")
        writer.beginObject()
        writer.key("width"); writer.number(world.screen.width)
        writer.key("height"); writer.number(world.screen.height)
        writer.key("scale"); writer.number(world.scale)
        writer.endObject()
        writer.key("controllers"); controller(world.controllerState(world.rootController, visible: Set(world.visibleControllers())))
        writer.key("transition"); transition(world.currentTransition.map { world.transitionState($0, at: world.now) })
        writer.key("historyStart"); writer.number(historyStart)
        writer.key("eventCount"); writer.integer(world.nextEventSeq - 1)
        writer.endObject()
    }

    mutating func event(_ e: Event) {
        writer.beginObject()
        writer.key("seq"); writer.integer(e.seq)
        writer.key("time"); writer.number(e.time)
        writer.key("type"); writer.string(e.type.rawValue)
        writer.key("viewController"); if let vc = e.viewController { writer.string(vc.rawValue) } else { writer.null() }
        for (key, value) in e.arguments {
            writer.key(key)
            writer.value(value)
        }
        writer.endObject()
    }

    mutating func events(_ list: some Sequence<Event>) {
        writer.beginArray()
        for e in list { event(e) }
        writer.endArray()
    }

    /// The answer to actions and clock requests: the time reached, what happened, and the transition.
    mutating func outcome(world: World, firstEvent: Int, applied: Int?) {
        writer.beginObject()
        writer.key("time"); writer.number(world.now)
        if let applied { writer.key("applied"); writer.integer(applied) }
        writer.key("transition"); transition(world.currentTransition.map { world.transitionState($0, at: world.now) })
        writer.key("controllers"); controller(world.controllerState(world.rootController, visible: Set(world.visibleControllers())))
        writer.key("events"); events(world.events.lazy.filter { $0.seq >= firstEvent })
        writer.endObject()
    }
}
