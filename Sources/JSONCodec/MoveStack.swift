/// The parser's stack of finished values (and of member names): a container's closing moves its
/// tail of the stack into the new array as it stands. An `Array` would copy the tail (retaining
/// every element) and then remove it (releasing every element), which was most of what closing
/// a container cost.
///
/// Not copyable, so that it owns its storage alone and frees it in `deinit` (also after a throw),
/// where a class would put a dynamic exclusivity check on every access.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty MoveStack")
        count -= 1
        return (base + count).move()
    }

    /// The element at `index` (below `count`).
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "MoveStack index out of range")
        return base[index]
    }

    /// The elements from `start` to the top, moved out of the stack (which ends at `start`).
    mutating func moveTail(from start: Int) -> [Element] {
        let tail = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        count = start
        return Array(unsafeUninitializedCapacity: tail.count) { buffer, initialized in
            _ = buffer.moveInitialize(fromContentsOf: tail)
            initialized = tail.count
        }
    }

    /// The top elements of this stack from `start` and of `other` from `otherStart` (as many),
    /// moved out in pairs: an object's member names and values.
    mutating func moveTail<Other>(from start: Int, pairedWith other: inout MoveStack<Other>, from otherStart: Int) -> [(key: Element, value: Other)] {
        let n = count - start
        precondition(other.count - otherStart == n, "paired tails of different lengths")
        count = start
        other.count = otherStart
        return Array(unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0 ..< n {
                (buffer.baseAddress! + i).initialize(to: (key: (base + start + i).move(), value: (other.base + otherStart + i).move()))
            }
            initialized = n
        }
    }

    /// Destroys what is left and frees the storage.
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
