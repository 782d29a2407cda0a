import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `transition-bench digits N`: the writer's numbers against the former writer and `description`
/// for N doubles (`ShortestDigitsCheck` on `ShortestDigitsSamples`, the unit test's check and
/// samples, from another seed), in batches as the service writes them. Prints how many of each
/// kind were checked and how many differ, and the first differences; exits 1 when any does.
/// A proof, not a measurement: run it on a release build (about a microsecond a double).
enum DigitsProof {
    static func run(_ arguments: [String]) {
        guard arguments.count == 1, let count = Int(arguments[0]), count > 0 else {
            print("usage: transition-bench digits N")
            return
        }
        var samples = ShortestDigitsSamples(seed: 0x5C4B_FAC4)
        var checked = [Int](repeating: 0, count: ShortestDigitsSamples.Kind.allCases.count)
        var kinds: [ShortestDigitsSamples.Kind] = []
        var differ = checked
        var shown = 0
        var done = 0
        while done < count {
            var batch: [Double] = []
            kinds.removeAll(keepingCapacity: true)
            for _ in 0 ..< min(100_000, count - done) {
                let (value, kind) = samples.next()
                batch.append(value)
                kinds.append(kind)
                checked[kind.rawValue] += 1
            }
            let mismatches = ShortestDigitsCheck.mismatches(batch)
            for mismatch in mismatches {
                differ[kinds[mismatch.index].rawValue] += 1
                if shown < 10 { print("differs: \(mismatch)") }
                shown += 1
            }
            done += batch.count
        }
        for kind in ShortestDigitsSamples.Kind.allCases {
            print("\(kind): \(checked[kind.rawValue]) doubles, \(differ[kind.rawValue]) differ")
        }
        let total = differ.reduce(0, +)
        print("\(done) doubles written as the former writer and description write them: \(done - total) the same, \(total) differ")
        if total > 0 { exit(1) }
    }
}
