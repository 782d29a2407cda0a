import JSONCodec
import Testing
@testable import TransitionCore

/// UIKit's own transitions as typed parameters: decoded from the catalogue, every one required
/// and no other allowed, and handed back to the animator's body unchanged.
@Suite struct PlatformTransitionTests {
    /// Every catalogue file, decoded as the catalogue loads it: a missing or misspelt parameter of
    /// UIKit's own transitions fails here, with its pointer, rather than in a request.
    @Test func everyCatalogueEntryLoads() throws {
        var platform: [PlatformTransition.Name] = []
        for source in [CatalogueFiles.slide, CatalogueFiles.coverVertical] + Catalogue.others + [CatalogueFiles.fluidZoom] {
            let (definition, transition) = try Catalogue.decode(source)
            guard let transition else {
                #expect(definition.platform == nil && PlatformTransition.Name(rawValue: definition.name) == nil)
                continue
            }
            platform.append(transition.name)
            #expect(definition.platform == .transition(transition.name))
            // The body reads exactly the parameters the file declares, in its order.
            #expect(transition.parameters == definition.parameters, "\(definition.name)")
        }
        #expect(platform == [.slide, .coverVertical, .sheet, .formSheet, .alert, .actionSheet, .popover, .fluidZoom])
        #expect(Catalogue.shared.definition(named: "default")?.platform == .operationDefault)
    }

    @Test func aMissingParameterFailsAtItsPointer() throws {
        var parameters = Catalogue.shared.definition(of: .sheet).parameters
        parameters["coveredShift"] = nil
        let error = #expect(throws: SimulationError.self) { try PlatformTransition(catalogue: .sheet, parameters: parameters, at: "/parameters") }
        #expect(error?.pointer == "/parameters/coveredShift" && error?.reason == "is required")
    }

    @Test func aMisspeltParameterFailsAtItsPointer() throws {
        var parameters = Catalogue.shared.definition(of: .slide).parameters
        parameters["parallax"] = nil
        parameters["paralax"] = .number(0.3)
        let missing = #expect(throws: SimulationError.self) { try PlatformTransition(catalogue: .slide, parameters: parameters, at: "/parameters") }
        #expect(missing?.pointer == "/parameters/parallax" && missing?.reason == "is required")
        parameters["parallax"] = .number(0.3)
        let unknown = #expect(throws: SimulationError.self) { try PlatformTransition(catalogue: .slide, parameters: parameters, at: "/parameters") }
        #expect(unknown?.pointer == "/parameters/paralax" && unknown?.reason == "unknown member 'paralax'")
    }

    @Test func aTimingParameterMustBeATiming() throws {
        var parameters = Catalogue.shared.definition(of: .formSheet).parameters
        parameters["curve"] = .number(1)
        let error = #expect(throws: SimulationError.self) { try PlatformTransition(.formSheet, parameters: parameters, at: "") }
        #expect(error?.pointer == "/curve")
    }

    /// Each of UIKit's gestures drives its own transition linearly, and no other.
    @Test func eachFollowsItsOwnGesture() throws {
        func transition(_ name: PlatformTransition.Name) throws -> PlatformTransition {
            try PlatformTransition(name, parameters: Catalogue.shared.definition(of: name).parameters, at: "")
        }
        let unchanged = try transition(.slide)
        var slide = unchanged
        let slideFollowsThePull = slide.follow(.sheetPull)
        #expect(!slideFollowsThePull && slide == unchanged)
        let slideFollowsTheSwipe = slide.follow(.backSwipe)
        #expect(slideFollowsTheSwipe && slide.parameters["curve"] == .string("linear"))
        var sheet = try transition(.sheet)
        let sheetFollowsTheSwipe = sheet.follow(.backSwipe), sheetFollowsThePull = sheet.follow(.sheetPull)
        #expect(!sheetFollowsTheSwipe && sheetFollowsThePull)
        #expect(sheet.parameters["curve"] == .string("linear"))
        var formSheet = try transition(.formSheet)
        let formSheetFollowsThePull = formSheet.follow(.sheetPull)
        #expect(formSheetFollowsThePull)
        #expect(formSheet.parameters["curve"] == .string("linear"))
        var cover = try transition(.coverVertical)
        let coverFollows = cover.follow(.sheetPull) || cover.follow(.backSwipe)
        #expect(!coverFollows)
    }

    /// The bar rides on the slide's own curve, and beside anything else on UIKit's alongside one.
    @Test func onlyTheSlideGivesTheBarItsCurve() throws {
        let slide = try PlatformTransition(.slide, parameters: Catalogue.shared.definition(of: .slide).parameters, at: "")
        #expect(slide.barCurve(duration: 0.5, iOS: Screen.newestIOS) == TimingCurve.named("fastEaseInToSlowEaseOut"))
        let cover = try PlatformTransition(.coverVertical, parameters: Catalogue.shared.definition(of: .coverVertical).parameters, at: "")
        #expect(cover.barCurve(duration: 0.5, iOS: Screen.newestIOS) == nil)
    }

    /// The served slide posted back is UIKit's slide, also with a parameter of its own added; an
    /// animator that only borrows the name, without the slide's parameters, is the app's.
    @Test func anAnimatorIsUIKitsByItsNameAndParameters() throws {
        let served = try #require(Catalogue.shared.definition(named: "slide")).json
        #expect(try AnimatorDefinition.decode(served, at: "", defaultName: "inline").platform == .transition(.slide))
        var extended = try #require(served.objectValue)
        var parameters = try #require(extended["parameters"]?.objectValue)
        parameters["radius"] = .number(4)
        extended["parameters"] = .object(parameters)
        #expect(try AnimatorDefinition.decode(.object(extended), at: "", defaultName: "inline").platform == .transition(.slide))
        let fade = try #require(Catalogue.shared.definition(named: "fade")).json
        var borrowed = try #require(fade.objectValue)
        borrowed["name"] = .string("slide")
        #expect(try AnimatorDefinition.decode(.object(borrowed), at: "", defaultName: "inline").platform == nil)
        borrowed["name"] = .string("default")
        #expect(try AnimatorDefinition.decode(.object(borrowed), at: "", defaultName: "inline").platform == .operationDefault)
    }
}
