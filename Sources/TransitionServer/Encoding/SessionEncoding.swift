import JSONCodec
import TransitionCore

extension ResponseEncoder {
    /// `GET /v1/sessions/{id}` and the 201 body of creation.
    mutating func sessionState(id: String, clock: ClockMode, world: World, historyStart: Double) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("time"); writer.number(world.now)
        writer.key("clock"); writer.string(clock.rawValue)
        writer.key("screen"); screen(world.display)
        writer.key("controllers"); controller(world.controllerState())
        writer.key("transition"); transition(world.currentTransition.map { world.transitionState($0, at: world.now) })
        writer.key("historyStart"); writer.number(historyStart)
        writer.key("eventCount"); writer.integer(world.events.nextSeq - 1)
        writer.endObject()
    }

    /// A screen: the session's, or a device profile's in `GET /v1/devices`.
    mutating func screen(_ s: Screen) {
        writer.beginObject()
        writer.key("device"); if let name = s.device { writer.string(name) } else { writer.null() }
        writer.key("width"); writer.number(s.size.width)
        writer.key("height"); writer.number(s.size.height)
        writer.key("scale"); writer.number(s.scale)
        writer.key("safeAreaInsets")
        writer.beginObject()
        writer.key("top"); writer.number(s.safeArea.top)
        writer.key("left"); writer.number(s.safeArea.left)
        writer.key("bottom"); writer.number(s.safeArea.bottom)
        writer.key("right"); writer.number(s.safeArea.right)
        writer.endObject()
        writer.key("iOS"); writer.integer(s.iOS)
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

    /// `GET /v1/sessions/{id}/events`: the log's events after sequence number `after`, of one
    /// type and one controller when those are given, and the last sequence number logged.
    mutating func eventLog(_ log: EventLog, now: Double, after: Int, type: EventType?, viewController: String?) {
        writer.beginObject()
        writer.key("time"); writer.number(now)
        writer.key("events")
        events(log.lazy.filter { e in
            e.seq > after && (type == nil || e.type == type) && (viewController == nil || e.viewController?.rawValue == viewController)
        })
        writer.key("lastSeq"); writer.integer(log.nextSeq - 1)
        writer.endObject()
    }

    /// The answer to actions and clock requests: the time reached, what happened, and the transition.
    mutating func outcome(world: World, firstEvent: Int, applied: Int?) {
        writer.beginObject()
        writer.key("time"); writer.number(world.now)
        if let applied { writer.key("applied"); writer.integer(applied) }
        writer.key("transition"); transition(world.currentTransition.map { world.transitionState($0, at: world.now) })
        writer.key("controllers"); controller(world.controllerState())
        writer.key("events"); events(world.events.lazy.filter { $0.seq >= firstEvent })
        writer.endObject()
    }
}
