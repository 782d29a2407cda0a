#if canImport(Glibc)
import Glibc
#endif

/// Bytes a writer produced, in memory from `malloc` that this object owns until `take()` hands
/// it on: libmicrohttpd sends a response body from such memory and frees it itself, so a body
/// written here reaches the socket without being copied into an array and again into a buffer
/// of the C layer's.
public final class MallocBytes: @unchecked Sendable {
    /// The bytes (nil once taken, or when empty); nothing writes them after the writer is done.
    private var start: UnsafeMutablePointer<UInt8>?
    public private(set) var count: Int

    /// Takes ownership of `start` (from `malloc`, `count` bytes written).
    init(owning start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    deinit { free(start) }

    /// Calls `read` with the bytes (empty once taken).
    public func withUnsafeBytes<R>(_ read: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try read(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    }

    /// The bytes, copied into an array.
    public var array: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The memory, which the caller now owns and must `free`; nil when empty or taken already.
    public func take() -> UnsafeMutablePointer<UInt8>? {
        defer { start = nil }
        return count == 0 ? nil : start
    }
}
