// Four threads count into dictionaries, only ever inside one Synchronization.Mutex: a correct
// program. Under ThreadSanitizer on Linux it is reported as racy anyway (see docs/reliability.md).
// With the argument "racy" each thread also writes once without the lock: a real race, which must
// still be reported after the false reports are dealt with.
import Glibc
import Synchronization

final class Box: Sendable { let counts = Mutex<[String: Int]>([:]) }
let box = Box()
nonisolated(unsafe) var shadow: [String: Int] = [:]  // guarded by box.counts's lock too
let racy = CommandLine.arguments.dropFirst().first == "racy"

func work(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    for i in 0..<10_000 { box.counts.withLock { $0["k\(i % 7)", default: 0] += 1; shadow["k\(i % 7)", default: 0] += 1 } }
    if racy { shadow["unlocked", default: 0] += 1 }
    return nil
}

var threads = [pthread_t](repeating: 0, count: 4)
for i in threads.indices { pthread_create(&threads[i], nil, work, nil) }
for t in threads { pthread_join(t, nil) }
print("counted", box.counts.withLock { $0.values.reduce(0, +) })
