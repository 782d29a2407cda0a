import Testing
@testable import TransitionServer

/// The header fields the bridge passes on: those `HTTPRequest.fieldsRead` lists, by name in any
/// ASCII case, and no other.
@Suite struct FieldReadTests {
    func read(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { HTTPRequest.fieldRead(named: $0) }
    }

    @Test func namesAreFoundInAnyCase() {
        #expect(read("Host") == "host")
        #expect(read("X-REQUEST-ID") == "x-request-id")
        #expect(read("If-None-Match") == "if-none-match")
        for field in HTTPRequest.fieldsRead {
            #expect(read(field) == field)
            #expect(read(field.uppercased()) == field)
        }
    }

    @Test func otherNamesAreNot() {
        for name in ["", "hos", "hostx", "x-request-i", "user-agent", "ho\u{17F}t", "\u{212A}ost", "host ", " host", "content-length"] {
            #expect(read(name) == nil, "\(name)")
        }
    }
}
