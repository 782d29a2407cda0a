import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The memory all sessions may hold together, in estimated bytes (`World.estimatedBytes`, the
/// log's bytes). Sessions add what they grow by while they hold their own lock, and give back
/// what they held when they go, so the sum stays exact whatever the interleaving.
final class MemoryBudget: Sendable {
    let limit: Int
    private let used = Atomic<Int>(0)
    /// Trims still due: set to 2 when sessions change (a change frees what it replaced, too).
    private let trimsDue = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    var usedBytes: Int { used.load(ordering: .relaxed) }

    /// Whether new work may grow the sessions: false once the estimate has reached the limit.
    var admitsGrowth: Bool { usedBytes < limit }

    func add(_ bytes: Int) {
        used.add(bytes, ordering: .relaxed)
        trimsDue.store(2, ordering: .relaxed)
    }

    /// Returns freed heap pages to the system. glibc keeps what a thread's arena freed for
    /// reuse, so after large sessions go the process would stay at its peak without it.
    /// Called once a second; after a change it trims twice: a change is counted while its request
    /// still runs, and what the request frees after a trim that came in between (its
    /// temporaries, its answer, compressed or not) would otherwise stay until the next change.
    func trimIfChanged() {
        guard trimsDue.load(ordering: .relaxed) > 0 else { return }
        trimsDue.subtract(1, ordering: .relaxed)
        _ = Self.mallocTrim?(0)
    }

    /// glibc's `malloc_trim`, looked up at run time: `<malloc.h>` is not in Swift's Glibc module,
    /// and another C library may not have it (then nothing is trimmed).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// The default limit: half of what the machine or the container's cgroup allows.
    static func defaultLimit() -> Int {
        let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        let cgroup = readLimit("/sys/fs/cgroup/memory.max") ?? readLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes")
        let machine = physical > 0 ? physical : 1 << 30
        return min(machine, cgroup ?? machine) / 2
    }

    private static func readLimit(_ path: String) -> Int? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let value = Int(text), value > 0, value < 1 << 60 else { return nil }  // "max" or the v1 sentinel: no limit
        return value
    }
}
