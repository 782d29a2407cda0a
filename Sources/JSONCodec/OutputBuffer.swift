#if canImport(Glibc)
import Glibc
#endif

/// The bytes a writer produces, in memory it alone owns (it cannot be copied, so no write needs a
/// uniqueness check). A writer reserves room for a whole token once, `reserve(_:)`, then stores
/// the token's bytes with the unchecked appends: one capacity comparison per token rather than a
/// bounds and growth check per byte, which is what made `[UInt8].append` the encoder's main cost.
/// The memory comes from `malloc`, so that a finished document can be handed on as it is
/// (`take()`, `MallocBytes`).
@usableFromInline
struct OutputBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inlinable deinit { free(start) }

    /// The bytes written, copied into an array (once, when the answer is complete).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The bytes written from offset `from` on, copied into an array.
    func bytes(from offset: Int) -> [UInt8] { Array(UnsafeBufferPointer(start: start + offset, count: count - offset)) }

    /// The memory and how many bytes were written, for the caller to own (and `free`).
    consuming func take() -> (start: UnsafeMutablePointer<UInt8>, count: Int) {
        let taken = (start, count)
        discard self
        return taken
    }

    /// Makes room for at least `n` more bytes: the unchecked appends that follow may store that many.
    @inlinable @inline(__always)
    mutating func reserve(_ n: Int) {
        if capacity &- count < n { grow(n) }
    }

    /// Doubles the capacity until `n` more bytes fit (amortised O(1) a byte, as an array grows).
    @usableFromInline @inline(never)
    mutating func grow(_ n: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < n { newCapacity *= 2 }
        start = realloc(start, newCapacity)!.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count &+= 1
    }

    /// Room for at least `n` more bytes, as a pointer to the first: the caller writes at most `n`
    /// bytes there, then says how many with `didWrite(_:)`. (A token is written through this
    /// local pointer: stores through `start` itself could alias `count`, and the compiler would
    /// reload both after every byte.)
    @inlinable @inline(__always)
    mutating func spare(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(n)
        return start + count
    }

    /// Counts the `n` bytes just written into `spare(_:)`'s room.
    @inlinable @inline(__always)
    mutating func didWrite(_ n: Int) {
        count &+= n
    }

    /// Appends `source`.
    @inlinable @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        reserve(source.count)
        Self.copy(source.baseAddress!, source.count, to: start + count)
        count &+= source.count
    }

    /// Copies `count` bytes. Up to 16 bytes (most keys, ids and numbers) take two overlapping
    /// loads and stores of one width rather than a loop or a `memcpy` call.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
        switch count {
        case 8 ... 16: copyEnds(UInt64.self, from, count, to)
        case 4 ..< 8: copyEnds(UInt32.self, from, count, to)
        case 2 ..< 4: copyEnds(UInt16.self, from, count, to)
        case 1: destination.pointee = source.pointee
        case 0: break
        default: to.copyMemory(from: from, byteCount: count)
        }
    }

    /// The first and the last `Word`'s worth of `count` bytes (one to two words): together every byte.
    @inlinable @inline(__always)
    static func copyEnds<Word: FixedWidthInteger>(_: Word.Type, _ from: UnsafeRawPointer, _ count: Int, _ to: UnsafeMutableRawPointer) {
        let size = MemoryLayout<Word>.size
        let head = from.loadUnaligned(as: Word.self), tail = from.loadUnaligned(fromByteOffset: count - size, as: Word.self)
        to.storeBytes(of: head, as: Word.self)
        to.storeBytes(of: tail, toByteOffset: count - size, as: Word.self)
    }
}
