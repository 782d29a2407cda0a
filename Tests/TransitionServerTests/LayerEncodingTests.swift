import JSONCodec
import Testing
import TransitionCore
@testable import TransitionServer

/// Layer properties in the snapshot JSON and the SVG drawing (docs/semantics.md § Layer properties,
/// docs/viewer.md § Drawing).
@Suite struct LayerEncodingTests {
    static let scene = """
    {"screen": {"width": 320, "height": 568},
     "root": {"id": "things", "view": {"id": "root", "children": [
       {"id": "card", "backgroundColor": "#ffffff", "frame": {"x": 10, "y": 20, "width": 100, "height": 50}, "cornerRadius": 12,
        "clipsToBounds": true, "borderWidth": 2, "borderColor": "#ff0000", "shadowOpacity": 0.5, "shadowRadius": 4,
        "shadowOffset": {"width": 0, "height": 2}, "anchorPoint": {"x": 0, "y": 0}, "zPosition": 1, "isDoubleSided": false, "children": [
          {"id": "spill", "frame": {"x": 90, "y": 0, "width": 20, "height": 10}}]},
       {"id": "plain", "frame": {"x": 0, "y": 100, "width": 10, "height": 10}}]}}}
    """

    func session(_ client: Client, _ scene: String = Self.scene) throws -> String {
        let r = client.send("POST", "/v1/sessions", scene)
        try #require(r.status == 201)
        return try #require(r.json?["id"]?.stringValue)
    }

    @Test func onlyLayerMembersThatDifferFromTheDefaultsAreWritten() throws {
        let client = Client()
        let id = try session(client)
        let body = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot?t=0").response.body, as: UTF8.self)
        // Every member in its fixed order, shadowColor (black, the default) left out.
        #expect(body.contains(##""backgroundColor":"#ffffffff","cornerRadius":12,"clipsToBounds":true,"borderWidth":2,"borderColor":"#ff0000ff","shadowOpacity":0.5,"shadowRadius":4,"shadowOffset":{"width":0,"height":2},"anchorPoint":{"x":0,"y":0},"zPosition":1,"isDoubleSided":false,"children""##))
        // The subview spilling out of the clipping card: window frame (100, 20, 20, 10), visible (100, 20, 10, 10).
        #expect(body.contains(#""windowFrame":{"x":100,"y":20,"width":20,"height":10},"visibleRect":{"x":100,"y":20,"width":10,"height":10},"children""#))
        // A view with the defaults is written as before: no layer member at all.
        #expect(body.contains(#""path":"plain","frame":{"x":0,"y":100,"width":10,"height":10},"bounds":{"x":0,"y":0,"width":10,"height":10},"center":{"x":5,"y":105},"transform":{"a":1,"b":0,"c":0,"d":1,"tx":0,"ty":0},"alpha":1,"hidden":false,"windowFrame":{"x":0,"y":100,"width":10,"height":10},"children":[]}"#))
        // zPosition 1 draws the card after (in front of) `plain`.
        let plain = try #require(body.ranges(of: #""path":"plain""#).first), card = try #require(body.ranges(of: #""path":"card""#).first)
        #expect(plain.lowerBound < card.lowerBound)
    }

    @Test func aSceneWithoutLayerPropertiesHasNoLayerMembers() throws {
        let client = Client()
        let id = try session(client, SVGTests.scene)
        let body = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot?t=0&flat=true").response.body, as: UTF8.self)
        for key in LayerProperties.keys + ["visibleRect"] { #expect(!body.contains("\"\(key)\""), "\(key)") }
        #expect(!body.contains(#""visible":false"#))
    }

    @Test func theDrawingHasRoundedCornersABorderAShadowAndAClip() throws {
        let client = Client()
        let id = try session(client)
        let svg = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0").response.body, as: UTF8.self)
        // The shadow first: the shape 2 pt lower, blurred by σ = shadowRadius, at the shadow's opacity.
        #expect(svg.contains("""
        <g data-view-controller="things" data-path="card" data-kind="view">
        <filter id="layer-1" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>
        <rect x="0" y="2" width="100" height="50" rx="12" ry="12" transform="matrix(1 0 0 1 10 20)" fill="#000000" fill-opacity="0.5" filter="url(#layer-1)" class="shadow"/>
        <rect x="0" y="0" width="100" height="50" rx="12" ry="12" transform="matrix(1 0 0 1 10 20)" fill="#ffffff"/>
        <clipPath id="layer-2"><rect x="0" y="0" width="100" height="50" rx="12" ry="12" transform="matrix(1 0 0 1 10 20)"/></clipPath>
        <g clip-path="url(#layer-2)">
        <g data-view-controller="things" data-path="card/spill" data-kind="view">
        """))
        // The border over the subviews, inset by half its width, the radius less that.
        #expect(svg.contains("""
        </g>
        <rect x="1" y="1" width="98" height="48" rx="11" ry="11" transform="matrix(1 0 0 1 10 20)" fill="none" stroke="#ff0000" stroke-width="2" class="border"/>
        </g>
        """))
        #expect(svg.ranges(of: "<g").count == svg.ranges(of: "</g>").count)
    }

    @Test func aViewReportedInvisibleDrawsNoShapeOfItsOwn() throws {
        let client = Client()
        let id = try session(client, """
        {"screen": {"width": 320, "height": 568},
         "root": {"id": "things", "view": {"id": "root", "children": [
           {"id": "box", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "clipsToBounds": true, "children": [
             {"id": "away", "backgroundColor": "#ff0000", "frame": {"x": 100, "y": 0, "width": 10, "height": 10}, "children": [
               {"id": "inner", "backgroundColor": "#00ff00", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}}]}]}]}}}
        """)
        let json = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot?t=0").response.body, as: UTF8.self)
        #expect(json.contains(#""path":"box/away","#) && json.contains(#""visibleRect":{"x":50,"y":0,"width":0,"height":0},"visible":false"#))
        let svg = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0").response.body, as: UTF8.self)
        // The group is there (its subviews are layers of their own) but not the red square.
        #expect(svg.contains("""
        <g data-view-controller="things" data-path="box/away" data-kind="view">
        <g data-view-controller="things" data-path="box/away/inner" data-kind="view">
        """))
        #expect(!svg.contains("#ff0000"))
    }

    @Test func maskedCornersAreWrittenAndOnlyThoseCornersAreDrawnRound() throws {
        let client = Client()
        let id = try session(client, """
        {"screen": {"width": 320, "height": 568},
         "root": {"id": "things", "view": {"id": "root", "children": [
           {"id": "card", "backgroundColor": "#ffffff", "frame": {"x": 10, "y": 20, "width": 100, "height": 50}, "cornerRadius": 12,
            "maskedCorners": ["maxXMinY", "minXMinY"]}]}}}
        """)
        let body = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot?t=0").response.body, as: UTF8.self)
        // In CACornerMask's bit order, whatever the order asked.
        #expect(body.contains(##""cornerRadius":12,"maskedCorners":["minXMinY","maxXMinY"],"children""##))
        let svg = String(decoding: client.send("GET", "/v1/sessions/\(id)/snapshot.svg?t=0").response.body, as: UTF8.self)
        // Clockwise from the top left: two quarter circles on top, square corners below.
        #expect(svg.contains("""
        <path d="M0 12A12 12 0 0 1 12 0L88 0A12 12 0 0 1 100 12L100 50L0 50Z" transform="matrix(1 0 0 1 10 20)" fill="#ffffff"/>
        """))
    }
}
