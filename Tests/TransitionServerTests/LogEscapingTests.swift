import JSONCodec
import Testing
@testable import TransitionServer

/// Issue 28, item 4: log values escaped as logfmt and JSON readers read them, with nothing that
/// reorders or hides text left raw.
@Suite struct LogEscapingTests {
    @Test func logfmtQuotesWithJSONEscapes() {
        #expect(Logger.quoted("plain") == "plain")
        #expect(Logger.quoted("") == #""""#)
        #expect(Logger.quoted("a b") == #""a b""#)
        #expect(Logger.quoted("a=\"b\"\\") == #""a=\"b\"\\""#)
        #expect(Logger.quoted("line\nbreak\r\t") == #""line\nbreak\r\t""#)
        #expect(Logger.quoted("\u{1b}[31mred") == #""\u001b[31mred""#)
        #expect(Logger.quoted("\u{7f}\u{85}") == #""\u007f\u0085""#)
        // Bidi overrides and isolates, zero-width characters and separators: never raw.
        #expect(Logger.quoted("admin\u{202E}txt.exe") == #""admin\u202etxt.exe""#)
        #expect(Logger.quoted("a\u{2066}b\u{200B}c\u{2028}d") == #""a\u2066b\u200bc\u2028d""#)
        // Above the BMP as a UTF-16 pair, as JSON writes one.
        #expect(Logger.quoted("tag\u{E0001}") == #""tag\udb40\udc01""#)
        // Visible non-ASCII stays as it is.
        #expect(Logger.quoted("café→✓") == "café→✓")
    }

    @Test func escapedValuesAreJSONThatReadsBackTheSame() throws {
        for text in ["\u{1b}[0m", "r\u{202E}l", "\u{0}\u{9f}\u{2029}", "tag\u{E0001}", "\"q\"\\", "naïve"] {
            let parsed = try JSONParser.parse(Array(("\"" + Logger.escaped(text) + "\"").utf8))
            #expect(parsed == .string(text), "\(text.debugDescription)")
            #expect(!Logger.escaped(text).unicodeScalars.contains { Logger.hidden($0) })
        }
    }
}
