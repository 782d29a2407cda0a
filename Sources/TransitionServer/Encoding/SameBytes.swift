#if canImport(Glibc)
import Glibc
#endif

/// Whether `a` and `b` hold the same bytes, compared by `memcmp`: `==` and `elementsEqual`
/// compare arrays of bytes one element at a time, generically (about 145,000 instructions for a
/// template's 23 KB check, a transition's few hundred bytes in every frame of a change-only batch).
func sameBytes(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Bool {
    a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
}
