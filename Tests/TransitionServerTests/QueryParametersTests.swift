import Testing
@testable import TransitionServer

@Suite struct QueryParametersTests {
    @Test func splitsAndDecodes() throws {
        let query = try QueryParameters("t=0,0.1,0.2&flat=true&name=a+b%20c%2B&t=9&empty=&bare&&%C3%A9=%E2%82%AC")
        #expect(query["t"] == "0,0.1,0.2")
        #expect(query.values("t") == ["0,0.1,0.2", "9"])
        #expect(query["name"] == "a b c+")
        #expect(query["empty"] == "" && query["bare"] == "")
        #expect(query["é"] == "€")
        #expect(query["missing"] == nil && query.values("missing") == [])
        #expect(query.firstName(notIn: ["t", "flat", "name", "empty", "bare", "é"]) == nil)
        #expect(query.firstName(notIn: ["t", "flat", "name", "bare"]) == "empty")
    }

    @Test func emptyQueryHasNothing() throws {
        let query = try QueryParameters("")
        #expect(query.firstName(notIn: []) == nil)
        #expect(try QueryParameters("&&&").firstName(notIn: []) == nil)
        #expect(QueryParameters().firstName(notIn: []) == nil && QueryParameters()["t"] == nil)
    }

    @Test func emptyPiecesAreSkippedAndNamesFoundInOrder() throws {
        let query = try QueryParameters("&b=1&&a=2&b=3&a&")
        #expect(query.firstName(notIn: []) == "b" && query.firstName(notIn: ["b"]) == "a" && query.firstName(notIn: ["a", "b"]) == nil)
        #expect(query.values("b") == ["1", "3"] && query.values("a") == ["2", ""])
        // Empty pieces do not count against the limit.
        #expect(throws: Never.self) { try QueryParameters((0 ..< 64).map { "p\($0)=1" }.joined(separator: "&&") + "&") }
    }

    @Test func onlyTheFirstEqualsSplits() throws {
        #expect(try QueryParameters("expr=a=b")["expr"] == "a=b")
    }

    @Test(arguments: [
        ("t=%", "'t'"), ("t=%4", "'t'"), ("t=%zz", "'t'"), ("t=%FF", "'t'"), ("a=1&fps=%C3", "'fps'"), ("%x=1", "'%x'"),
    ])
    func malformedEscapesNameTheParameter(raw: String, named: String) {
        #expect {
            try QueryParameters(raw)
        } throws: { error in
            guard let problem = error as? Problem else { return false }
            return problem.status == 400 && problem.type == .badRequest && problem.detail.contains(named)
        }
    }

    @Test func limits() throws {
        #expect(throws: Never.self) { try QueryParameters((0 ..< 64).map { "p\($0)=1" }.joined(separator: "&")) }
        #expect(throws: Problem.self) { try QueryParameters((0 ..< 65).map { "p\($0)=1" }.joined(separator: "&")) }
        let most = QueryParameters.maxBytes - 2
        #expect(throws: Never.self) { try QueryParameters("t=" + String(repeating: "1", count: most)) }
        #expect(throws: Problem.self) { try QueryParameters("t=" + String(repeating: "1", count: most + 1)) }
    }
}
