import Testing
@testable import TransitionServer

@Suite struct EntityTagTests {
    @Test func tagsArePinnedSoEveryBuildAndReplicaAgrees() {
        // Values from an independent implementation of the same hash (Python). Changing the hash
        // changes every tag clients hold (they would fetch everything once more): pinned on purpose.
        #expect(EntityTag.of([]) == "\"efd01f60ba992926\"")
        #expect(EntityTag.of(Array("hello".utf8)) == "\"4bafeed2e2957f95\"")
        #expect(EntityTag.of(Array(#"{"status":"ok"} and then some"#.utf8)) == "\"486a5cf991c80b5b\"")
    }

    @Test func tagsAre16HexDigitsAndTheCoding() {
        #expect(EntityTag.of(hash: 0) == "\"0000000000000000\"")
        #expect(EntityTag.of(hash: 0x0123_4567_89ab_cdef, coding: .gzip) == "\"0123456789abcdef-gzip\"")
        #expect(EntityTag.of(hash: .max, coding: .deflate) == "\"ffffffffffffffff-deflate\"")
    }

    @Test func everyByteAndTheLengthCount() {
        let base = Array((0..<1000).map { UInt8($0 % 251) })
        var seen: Set<String> = [EntityTag.of(base), EntityTag.of(base + [0]), EntityTag.of(Array(base.dropLast()))]
        for i in [0, 7, 8, 500, 999] {
            var changed = base
            changed[i] ^= 1
            seen.insert(EntityTag.of(changed))
        }
        #expect(seen.count == 8)
    }

    @Test func ifNoneMatchUsesWeakComparison() {
        let tag = "\"0123456789abcdef\""
        for field in [tag, "W/" + tag, "\"x\", " + tag, "\"x\",W/" + tag, "*", " \t" + tag + " "] {
            #expect(EntityTag.matches(ifNoneMatch: field, tag), "\(field)")
        }
        for field in ["", "\"x\"", "0123456789abcdef", "\"0123456789abcde\"", "\"unclosed", "junk, " + tag, "W/"] {
            #expect(!EntityTag.matches(ifNoneMatch: field, tag), "\(field)")
        }
    }
}
