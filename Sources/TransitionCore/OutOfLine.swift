/// A member held out of line, behind one reference: for a large member that is seldom set, of a
/// value that is copied often. A `World` is copied by every read; a gesture's state (about
/// 1.9 KB) and a deferred push (about 1.6 KB) held inline would be most of its bytes, copied
/// with every copy, though they are set only while a gesture or a deferred push lasts.
///
/// Reading it copies the value out; setting it (or changing a part of it) makes a new box, so a
/// world sharing the old one never sees the change.
@propertyWrapper
struct OutOfLine<Value: Sendable>: Sendable {
    private indirect enum Storage: Sendable {
        case value(Value)
    }

    private var storage: Storage

    init(wrappedValue: Value) {
        storage = .value(wrappedValue)
    }

    var wrappedValue: Value {
        get {
            switch storage {
            case .value(let value): value
            }
        }
        set { storage = .value(newValue) }
    }

    /// A part of the value, read where it is: not the whole value copied out.
    func read<Part>(_ part: (borrowing Value) -> Part) -> Part {
        switch storage {
        case .value(let value): part(value)
        }
    }
}
