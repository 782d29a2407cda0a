import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// `snapshot.svg` and `filmstrip.svg` in-process (docs/viewer.md).
@Suite struct SVGTests {
    static let scene = """
    {"screen": {"width": 320, "height": 568},
     "root": {"id": "things", "view": {"id": "root", "backgroundColor": "#ffffff", "children": [
       {"id": "label", "kind": "label", "text": "a<b & \\"c\\"\\u0001", "frame": {"x": 10, "y": 30, "width": 100, "height": 20}},
       {"id": "photo", "kind": "imageView", "image": "thing-3", "alpha": 0.5, "frame": {"x": 10, "y": 60, "width": 50, "height": 40}},
       {"id": "gone", "kind": "view", "hidden": true, "backgroundColor": "#ff0000", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}}]}}}
    """

    func session(_ client: Client) throws -> String {
        let r = client.send("POST", "/v1/sessions", Self.scene)
        try #require(r.status == 201)
        return try #require(r.json?["id"]?.stringValue)
    }

    func text(_ r: (status: Int, json: JSONValue?, response: HTTPResponse)) -> String {
        String(decoding: r.response.body, as: UTF8.self)
    }

    @Test func aFrameIsTheWindowsViewsAsGroups() throws {
        let client = Client()
        let id = try session(client)
        let r = client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0")
        #expect(r.status == 200)
        #expect(r.response.mediaType == .svg)
        let svg = text(r)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="320" height="604" viewBox="0 0 320 604""#))
        #expect(svg.ranges(of: "<g").count == svg.ranges(of: "</g>").count)
        // The window, then the controller's view, each group opening with its own shape.
        #expect(svg.contains("""
        <g data-path="window" data-role="window" data-kind="window" clip-path="url(#window)">
        <polygon points="0,0 320,0 320,568 0,568" fill="#000000"/>
        <g data-view-controller="things" data-path="" data-kind="view">
        <polygon points="0,0 320,0 320,568 0,568" fill="#ffffff"/>
        """))
        // No colour: an outline. Text escaped for XML, the control character left out.
        #expect(svg.contains("""
        <g data-view-controller="things" data-path="label" data-kind="label">
        <polygon points="10,30 110,30 110,50 10,50" fill="none" stroke="#8f8f94" stroke-opacity="0.5" stroke-width="0.5"/>
        <text x="0" y="10" transform="matrix(1 0 0 1 10 30)" font-size="17" dominant-baseline="central" fill="#000000">a&lt;b &amp; &quot;c&quot;</text>
        """))
        // An image: its alpha on the group, its colour from its name, the name written on it.
        let hue = SVGStyle.imageColor("thing-3")
        #expect(svg.contains(#"<g data-view-controller="things" data-path="photo" data-kind="imageView" opacity="0.5">"#))
        #expect(svg.contains(#">thing-3</text>"#))
        #expect(hue == SVGStyle.imageColor("thing-3") && hue != SVGStyle.imageColor("thing-4"))
        #expect(!svg.contains("gone"))
        #expect(svg.contains(#"<tspan x="4" y="582">t = 0 s</tspan><tspan x="4" y="597">idle</tspan>"#))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func theSameRequestGivesTheSameBytesAndPrecisionRounds() throws {
        let client = Client()
        let id = try session(client)
        #expect(client.send("POST", "/v1/sessions/\(id)/actions", #"{"type": "present", "viewController": {"id": "modal"}}"#).status == 200)
        let first = client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0.123")
        let second = client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0.123")
        #expect(first.response.body == second.response.body)
        #expect(text(first).contains("present (coverVertical)"))
        let rounded = text(client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0.123&precision=1"))
        #expect(rounded.contains(#"data-time="0.1""#))
        // Every number in the points of every polygon has at most one decimal.
        for polygon in rounded.split(separator: "points=\"").dropFirst() {
            let numbers = polygon.prefix { $0 != "\"" }.split(whereSeparator: { $0 == " " || $0 == "," })
            #expect(numbers.allSatisfy { !$0.contains(".") || $0.split(separator: ".")[1].count == 1 }, "\(numbers)")
        }
    }

    @Test func aFilmStripPutsTheFramesSideBySide() throws {
        let client = Client()
        let id = try session(client)
        let svg = text(client.send("GET", "/v1/sessions/\(id)/filmstrip.svg?t=0,0.5,1"))
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="992" height="604""#))
        #expect(svg.contains(#"<g class="frame" data-time="0">"#))
        #expect(svg.contains(#"<g class="frame" data-time="0.5" transform="translate(336 0)">"#))
        #expect(svg.contains(#"<g class="frame" data-time="1" transform="translate(672 0)">"#))
        #expect(svg.ranges(of: #"data-role="window""#).count == 3)
        let series = text(client.send("GET", "/v1/sessions/\(id)/filmstrip.svg?from=0&to=1&fps=4"))
        #expect(series.ranges(of: #"class="frame""#).count == 5)
    }

    @Test(arguments: [
        ("snapshot.svg?flat=true", "flat"), ("snapshot.svg?t=soon", "t"), ("snapshot.svg?precision=16", "precision"),
        ("filmstrip.svg", "t"), ("filmstrip.svg?from=1&to=0", "to"), ("filmstrip.svg?from=0&to=10&fps=60", "fps"),
        ("filmstrip.svg?t=" + Array(repeating: "0", count: 241).joined(separator: ","), "t"),
    ])
    func badQueriesAreProblemsNamingTheParameter(query: String, parameter: String) throws {
        let client = Client()
        let id = try session(client)
        let r = client.send("GET", "/v1/sessions/\(id)/\(query)")
        #expect(r.status == 422)
        #expect(r.response.mediaType == .problemJSON)
        #expect(r.json?["parameter"] == .string(parameter))
    }

    @Test func unknownSessionsAndOversizedStripsAreProblems() throws {
        let client = Client { $0.maxResponseBytes = 8 << 10 }
        #expect(client.send("GET", "/v1/sessions/nope/snapshot.svg").status == 404)
        let id = try session(client)
        let r = client.send("GET", "/v1/sessions/\(id)/filmstrip.svg?from=0&to=1&fps=60")
        #expect(r.status == 422)
        #expect(r.json?["type"] == .string("/problems/response-too-large"))
    }

    @Test func writerEscapesAndKeepsNumbersFinite() {
        var writer = SVGWriter(precision: nil)
        writer.text("x\u{FFFF}\u{7}\té<🦊")
        writer.raw(" ")
        writer.number(.nan)
        writer.raw(" ")
        writer.number(0.1 + 0.2)
        // Plain text longer than a small string's 15 bytes, copied whole.
        writer.raw(" ")
        writer.text(String(repeating: "ab", count: 20))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "x\té&lt;🦊 0 0.30000000000000004 " + String(repeating: "ab", count: 20))
    }
}
