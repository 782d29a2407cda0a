import JSONCodec
import TransitionCore

/// A snapshot's JSON between two changes of a session, made once: the bytes of one frame with
/// slots where the values that move with `t` go (the snapshot's `time` and `transition`, and the
/// values and layer part of each view with animations, the `windowFrame` and clip of each view
/// its ancestors move: `MovingViews`). A frame at another `t` is the fixed bytes spliced around
/// those values, written afresh by the encoder's own functions (`ResponseEncoder.nodeValues`,
/// `layerFields`, `nodeClip`, `rect`), so the bytes are the full encoder's
/// (docs/performance.md § Templates).
///
/// It holds for a world advanced from the same state (its log position) that `fits` its moving
/// views, in the form it was made in (nested or flat, and precision). Immutable: sessions share
/// it across threads.
public final class FrameTemplate: Sendable {
    /// The session's log position of the state it was made in (`Int.max`: the current state).
    let position: Int
    let flat: Bool
    let precision: Int?
    let moving: MovingViews
    /// The frame it was made from, as written, from its opening brace.
    let bytes: [UInt8]
    /// Each value written afresh, in order: the time, the transition, then two for each moving
    /// view (`ResponseEncoder.nodeFields` says which).
    let slots: [TemplateMarks.Slot]
    /// Each moving view's place in the frame the bytes are of (that of a view with animations of
    /// its own is unused), and where, in its `windowFrame` slot, the bytes after `x` start
    /// (`,"y":…}`): a later frame copies what is the same as here (`write`).
    let made: [MovingFrame.Place]
    let afterX: [Int]
    /// The transition written, when all of it but its `elapsed` and `percentComplete` stays the
    /// same while only time moves, and where in the bytes those two numbers are: a later frame
    /// whose transition is the same writes only them (`World.transitionProgress(ifSteady:)`).
    let steady: (transition: SteadyTransition, elapsed: Range<Int>, percentComplete: Range<Int>)?

    private init(position: Int, flat: Bool, precision: Int?, moving: MovingViews, bytes: [UInt8], slots: [TemplateMarks.Slot],
                 made: [MovingFrame.Place], steady: (transition: SteadyTransition, elapsed: Range<Int>, percentComplete: Range<Int>)?) {
        self.position = position
        self.flat = flat
        self.precision = precision
        self.moving = moving
        self.bytes = bytes
        self.slots = slots
        self.made = made
        self.steady = steady
        // The first comma of `{"x":…,"y":…}`: a number's bytes hold none.
        afterX = moving.animatedEntries.indices.map { entry in
            let slot = slots[2 + 2 * entry]
            return moving.animatedEntries[entry] ? 0 : (bytes[slot.start ..< slot.end].firstIndex(of: UInt8(ascii: ",")) ?? slot.end) - slot.start
        }
    }

    /// The template of `world`'s snapshot at its `now` (`transition-bench`; sessions make theirs
    /// as they answer, `writeAndMake`).
    public static func make(_ world: World, flat: Bool = false, precision: Int? = nil) -> FrameTemplate? {
        var encoder = ResponseEncoder(precision: precision, flat: flat)
        return writeAndMake(world, position: .max, into: &encoder)
    }

    /// `world.snapshot(at: world.now).encoded(precision:flat:)` by this template, in the memory
    /// it was written in, as `GET …/snapshot` hands it to libmicrohttpd; nil when the template
    /// does not hold for `world`.
    public func encoded(_ world: World) -> MallocBytes? {
        var encoder = ResponseEncoder(precision: precision, flat: flat, reservingCapacity: bytes.count + 4096)
        guard holds(for: world, position: .max, in: encoder) else { return nil }
        write(world, into: &encoder)
        return encoder.writer.finish()
    }

    /// Bytes held, estimated for the session's memory budget.
    var estimatedBytes: Int { 512 + bytes.count + slots.count * 24 + made.count * (MemoryLayout<MovingFrame.Place>.stride + 8) + moving.estimatedBytes }

    /// The biggest frame a template is made of: larger ones are written in full every time.
    static let byteLimit = 128 << 10

    /// Whether it answers a snapshot of `world` (advanced from the state at `position`) in `encoder`'s form.
    func holds(for world: World, position: Int, in encoder: borrowing ResponseEncoder) -> Bool {
        self.position == position && flat == encoder.flat && precision == encoder.writer.precision && world.fits(moving)
    }

    /// Writes `world`'s snapshot at its `now`, the bytes `encoder.snapshot(world.snapshot(at: world.now))`
    /// writes; `holds(for:position:in:)` must be true.
    ///
    /// A view that only its ancestors move keeps the bytes of the frame the template was made of
    /// for each of its slots whose values are all equal to that frame's (equal doubles are
    /// written as the same bytes, at any precision), and of its `windowFrame`'s `y`, `width` and
    /// `height` when only `x` differs (a slide); `reusing` false writes every slot afresh (the
    /// check when a template is made). Returns how many slots it kept whole and how many but `x`.
    @discardableResult
    func write(_ world: World, into encoder: inout ResponseEncoder, reusing: Bool = true) -> (kept: Int, keptButX: Int) {
        var kept = 0, keptButX = 0
        let moved = world.movingFrame(moving)
        if encoder.writer.commaPending { encoder.writer.raw(byte: UInt8(ascii: ",")) }
        // Everything read in place: a place copied out of its array (72 bytes) was a `memmove`,
        // two for each slot of a carried view.
        bytes.withUnsafeBufferPointer { fixed in
            moved.nodes.withUnsafeBufferPointer { nodes in
                moved.places.withUnsafeBufferPointer { places in
                    made.withUnsafeBufferPointer { made in
                        var from = 0, animated = 0
                        for i in slots.indices {
                            let slot = slots[i]
                            let entry = (i - 2) / 2, first = i % 2 == 0
                            if reusing, i >= 2, !moving.animatedEntries[entry] {
                                // A slot whose values are the made frame's is left in the fixed bytes that follow.
                                let place = places.baseAddress! + entry, was = made.baseAddress! + entry
                                if first {
                                    let r = place.pointee.windowFrame, w = was.pointee.windowFrame
                                    if r.minY == w.minY && r.width == w.width && r.height == w.height {
                                        if r.minX == w.minX {
                                            kept += 1
                                            continue
                                        }
                                        encoder.writer.splice(UnsafeBufferPointer(rebasing: fixed[from..<slot.start]), commaPending: slot.commaPending)
                                        encoder.writer.beginObject()
                                        encoder.writer.key("x"); encoder.writer.number(r.minX)
                                        from = slot.start + afterX[entry]
                                        keptButX += 1
                                        continue
                                    }
                                } else if place.pointee.visibleRect == was.pointee.visibleRect && place.pointee.visible == was.pointee.visible {
                                    kept += 1
                                    continue
                                }
                            }
                            if reusing, i == 1, let steady, let progress = world.transitionProgress(ifSteady: steady.transition) {
                                // The same transition: its bytes but the two numbers that move.
                                encoder.writer.splice(UnsafeBufferPointer(rebasing: fixed[from..<steady.elapsed.lowerBound]), commaPending: false)
                                encoder.writer.number(progress.elapsed)
                                encoder.writer.splice(UnsafeBufferPointer(rebasing: fixed[steady.elapsed.upperBound..<steady.percentComplete.lowerBound]),
                                                      commaPending: false)
                                encoder.writer.number(progress.percentComplete)
                                from = steady.percentComplete.upperBound
                                continue
                            }
                            encoder.writer.splice(UnsafeBufferPointer(rebasing: fixed[from..<slot.start]), commaPending: slot.commaPending)
                            from = slot.end
                            if i < 2 {
                                if i == 0 { encoder.writer.number(world.now) } else { encoder.transition(world.currentTransitionState(at: world.now)) }
                                continue
                            }
                            if moving.animatedEntries[entry] {
                                // All of its values: the first slot from `frame` to its colour, the second its layer part.
                                let node = nodes.baseAddress! + animated
                                if first {
                                    encoder.nodeValues(node)
                                } else {
                                    if node.pointee.hasLayerProperties { encoder.layerFields(node.pointee.layer) }
                                    encoder.nodeClip(node.pointee.place)
                                    animated += 1
                                }
                            } else {
                                // Its place: the first slot its `windowFrame`, the second its clip.
                                let place = places.baseAddress! + entry
                                if first { encoder.rect(place.pointee.windowFrame) } else { encoder.nodeClip(place.pointee) }
                            }
                        }
                        encoder.writer.splice(UnsafeBufferPointer(rebasing: fixed[from...]), commaPending: true)
                    }
                }
            }
        }
        return (kept, keptButX)
    }

    /// Writes `world`'s snapshot at its `now` in full, as `encoder.snapshot` does, and makes the
    /// template of it (nil when none holds: an animated `zPosition`, a frame over `byteLimit`).
    /// The template is checked once against what was just written.
    static func writeAndMake(_ world: World, position: Int, into encoder: inout ResponseEncoder) -> FrameTemplate? {
        let shot = world.snapshot(at: world.now)
        guard let moving = world.movingViews() else {
            encoder.snapshot(shot)
            return nil
        }
        let start = encoder.writer.count + (encoder.writer.commaPending ? 1 : 0)
        encoder.marks = TemplateMarks(moving: moving.order, animated: moving.animatedEntries, origin: start)
        encoder.snapshot(shot)
        guard let marks = encoder.marks else { return nil }
        encoder.marks = nil
        guard marks.slots.count == 2 + 2 * moving.count, encoder.writer.count - start <= byteLimit else { return nil }
        let written = encoder.writer.bytes(from: start)
        let steady = world.steadyTransition().flatMap { transition in
            marks.progress.map { (transition, $0.elapsed, $0.percentComplete) }
        }
        let template = FrameTemplate(position: position, flat: encoder.flat, precision: encoder.writer.precision, moving: moving,
                                     bytes: written, slots: marks.slots, made: world.movingFrame(moving).places, steady: steady)
        var check = ResponseEncoder(precision: template.precision, flat: template.flat, reservingCapacity: written.count + 64)
        template.write(world, into: &check, reusing: false)
        return sameBytes(check.writer.bytes, written[...]) ? template : nil
    }
}

/// What `ResponseEncoder` notes while it writes the frame a template is made of.
struct TemplateMarks {
    /// A value written afresh for each frame: where it starts and ends in the template's bytes,
    /// and whether a comma was pending where it starts.
    struct Slot: Sendable {
        let start: Int
        let end: Int
        let commaPending: Bool
    }

    /// The drawing-order indices of the views that move (`MovingViews.order`), and whether each
    /// has animations of its own (`MovingViews.animatedEntries`).
    let moving: [Int]
    let animated: [Bool]
    /// The writer's count where the frame starts (its opening brace).
    let origin: Int
    private var nextMoving = 0
    private var viewIndex = 0
    private(set) var slots: [Slot] = []
    private var open: (start: Int, commaPending: Bool)?
    /// Where the transition's `elapsed` and `percentComplete` numbers are (none: no transition).
    private(set) var progress: (elapsed: Range<Int>, percentComplete: Range<Int>)?

    init(moving: [Int], animated: [Bool], origin: Int) {
        self.moving = moving
        self.animated = animated
        self.origin = origin
    }

    /// What moves a view between frames.
    enum Motion {
        /// Nothing: its bytes are fixed.
        case none
        /// Its own animations: its values and layer part are written afresh.
        case own
        /// Its ancestors': its `windowFrame` and clip are.
        case ancestors
    }

    /// What moves the view written next, in drawing order.
    mutating func nextView() -> Motion {
        defer { viewIndex += 1 }
        guard nextMoving < moving.count, moving[nextMoving] == viewIndex else { return .none }
        defer { nextMoving += 1 }
        return animated[nextMoving] ? .own : .ancestors
    }

    mutating func begin(at count: Int, commaPending: Bool) {
        open = (count - origin, commaPending)
    }

    /// Notes where the transition's two moving numbers were written (writer counts).
    mutating func progress(elapsed: Range<Int>, percentComplete: Range<Int>) {
        progress = (elapsed.lowerBound - origin ..< elapsed.upperBound - origin,
                    percentComplete.lowerBound - origin ..< percentComplete.upperBound - origin)
    }

    mutating func end(at count: Int) {
        guard let open else { return }
        slots.append(Slot(start: open.start, end: count - origin, commaPending: open.commaPending))
        self.open = nil
    }
}
