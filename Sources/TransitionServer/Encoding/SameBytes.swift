#if canImport(Glibc)
import Glibc
#endif

/// Whether `a` and `b` hold the same bytes, compared by `memcmp`: `==` and `elementsEqual`
/// compare arrays of bytes one element at a time, generically, and a template's check and every
/// frame of a change-only batch compare kilobytes.
func sameBytes(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Bool {
    a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
}
