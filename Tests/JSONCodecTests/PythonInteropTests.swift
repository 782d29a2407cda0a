import Foundation
import JSONCodec
import TestSupport
import Testing

/// Checks our writer against an independent implementation: Python's `json` module must parse
/// every document we write, and, re-emitting it compactly, give back our exact bytes (it also
/// writes floats in shortest round-trip form, and non-ASCII as is with `ensure_ascii=False`).
/// Foundation is used here only, to run the interpreter; without `python3` the test is skipped.
@Suite struct PythonInteropTests {
    static let python = URL(fileURLWithPath: "/usr/bin/env")

    static var pythonIsAvailable: Bool {
        (try? run(["python3", "-c", "import json"])) == 0
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static let script = """
    import json, sys
    with open(sys.argv[1], encoding="utf-8") as documents, open(sys.argv[2], "w", encoding="utf-8") as out:
        for line in documents:
            value = json.loads(line)
            out.write(json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\\n")
    """

    @Test(.enabled(if: pythonIsAvailable)) func pythonReadsWhatWeWriteAndWritesItBackTheSame() throws {
        var generator = DocumentGenerator(rng: SplitMix64(seed: 8259))
        let documents = (0 ..< 2_000).map { _ in generator.value() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("ours.jsonl"), output = directory.appendingPathComponent("python.jsonl")

        // One document a line: the writer escapes every line break inside strings.
        let lines = documents.map { JSONWriter.encode($0) }
        try Data(lines.joined(separator: [0x0A]) + [0x0A]).write(to: input)
        #expect(try Self.run(["python3", "-c", Self.script, input.path, output.path]) == 0, "python3 rejected a document")

        let echoed = try Data(contentsOf: output).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        try #require(echoed.count == documents.count)
        for (i, python) in echoed.enumerated() {
            let pythonBytes = Array(python)
            #expect(pythonBytes == lines[i], "document \(i): ours \(String(decoding: lines[i], as: UTF8.self)) python \(String(decoding: pythonBytes, as: UTF8.self))")
            #expect(try JSONParser.parse(pythonBytes) == documents[i], "document \(i)")
        }
    }
}
