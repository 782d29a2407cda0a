import JSONCodec

/// The built-in animators, each written in the animator language (docs/animators.md) so that
/// `GET /v1/animators/{name}` shows exactly what runs and users can copy and change it. Each is
/// a file, `Catalogue/Animators/NAME.json`, compiled in as `CatalogueFiles.NAME` and shown in
/// docs/animators.md (scripts/catalogue-docs copies it there). Every default number names its
/// source in the animator's `source` and in docs/animators.md § The catalogue.
public struct Catalogue: Sendable {
    public static let shared = Catalogue()

    public let definitions: [AnimatorDefinition]
    /// `default`, what runs when nobody chose an animator.
    let defaultAnimator: AnimatorDefinition
    /// The sheets' parameters, which also lay out a sheet presented without animation.
    let sheet: SheetParameters
    let formSheet: FormSheetParameters
    /// An alert's and an action sheet's parameters, which also lay them out.
    let alert: AlertParameters
    let actionSheet: ActionSheetParameters
    /// iOS 18's fluid zoom, which a controller's `preferredTransition` asks for: not among the
    /// named animators (an action names it by no name; the catalogue's `zoom` is the seeds'
    /// snapshot flight), so that there is one way to ask for it.
    let fluidZoom: AnimatorDefinition
    let fluidZoomParameters: ZoomParameters

    public var names: [String] { definitions.map(\.name) }

    init() {
        // The catalogue is ours and tested (CatalogueTests): a failure here is a programming error.
        let slide = try! Self.decode(CatalogueFiles.slide), coverVertical = try! Self.decode(CatalogueFiles.coverVertical)
        defaultAnimator = Self.makeDefault(slide: slide.definition, coverVertical: coverVertical.definition)
        let others = Self.others.map { try! Self.decode($0) }
        definitions = [defaultAnimator, slide.definition, coverVertical.definition] + others.map(\.definition)
        let platform = others.compactMap { $0.platform }
        guard case .sheet(let sheet)? = platform.first(where: { $0.name == .sheet }),
              case .formSheet(let formSheet)? = platform.first(where: { $0.name == .formSheet }),
              case .alert(let alert)? = platform.first(where: { $0.name == .alert }),
              case .actionSheet(let actionSheet)? = platform.first(where: { $0.name == .actionSheet }) else {
            preconditionFailure("the catalogue lists no sheet, form sheet, alert or action sheet")
        }
        (self.sheet, self.formSheet, self.alert, self.actionSheet) = (sheet, formSheet, alert, actionSheet)
        let zoom = try! Self.decode(CatalogueFiles.fluidZoom)
        guard case .fluidZoom(let zoomParameters)? = zoom.platform else { preconditionFailure("fluidZoom.json is not the fluid zoom") }
        (fluidZoom, fluidZoomParameters) = (zoom.definition, zoomParameters)
    }

    /// Decodes a catalogue file; one named after one of UIKit's own transitions is that
    /// transition, whose parameters are decoded here, once: one missing or misspelt is an error
    /// at its pointer.
    static func decode(_ source: String) throws(SimulationError) -> (definition: AnimatorDefinition, platform: PlatformTransition?) {
        let json: JSONValue
        do { json = try JSONParser.parse(Array(source.utf8)) } catch { throw SimulationError("", "not JSON: \(error)") }
        let definition = try AnimatorDefinition.decode(json, at: "", defaultName: "")
        guard let name = PlatformTransition.Name(rawValue: definition.name) else { return (definition, nil) }
        return (definition, try PlatformTransition(catalogue: name, parameters: definition.parameters, at: "/parameters"))
    }

    public func definition(named name: String) -> AnimatorDefinition? {
        definitions.first { $0.name == name }
    }

    /// The catalogue animator that runs UIKit's own transition `name`.
    func definition(of name: PlatformTransition.Name) -> AnimatorDefinition {
        guard let found = definitions.first(where: { $0.platform == .transition(name) }) else {
            preconditionFailure("the catalogue has no \(name.rawValue)")
        }
        return found
    }

    /// UIKit's animator when nobody supplies one: push and pop slide, present and dismiss cover
    /// vertically (`UIModalTransitionStyleCoverVertical`, UIKit's default modal transition
    /// style), or run the presentation's own transition (`presentation`: a sheet card's, `sheet`
    /// or `formSheet`, an alert's, `alert` or `actionSheet`, or `popover`); tab switches have none.
    func platformDefault(for operation: TransitionOperation, presentation: PlatformTransition.Name? = nil) -> AnimatorDefinition? {
        switch operation {
        case .push, .pop: definition(of: .slide)
        case .present, .dismiss: definition(of: presentation ?? .coverVertical)
        case .selectTab: nil
        }
    }

    /// `default` is the platform default of each operation, spelled out in the language: slide's
    /// push and pop, coverVertical's present and dismiss, with the parameters of both. They share
    /// `duration` and `curve`; where their defaults differ (the curve) the list shows slide's, and
    /// each operation runs its own transition's default unless the choice overrides it.
    static func makeDefault(slide: AnimatorDefinition, coverVertical cover: AnimatorDefinition) -> AnimatorDefinition {
        var parameters = slide.parameters
        for (key, value) in cover.parameters.entries where parameters[key] == nil {
            parameters[key] = value
        }
        var json = JSONObject()
        json["name"] = .string("default")
        json["summary"] = .string("UIKit's platform default for the operation: slide for push and pop, coverVertical for present and dismiss; a tab switch has none.")
        json["source"] = .string("UIKit: UINavigationController's built-in push/pop and UIModalTransitionStyleCoverVertical, used when no animation controller is returned. Push/pop are slide's (about 0.5 s, parallax 0.3, dimming 0.1, fastEaseInToSlowEaseOut: measured by others, docs/reference.md § UIKit defaults); present/dismiss are coverVertical's (0.5 s on UIKit's curve 7, the system spring: docs/reference.md § Cover vertical), whose curve the parameter list leaves out: it shows slide's. Evidence (docs/reference.md § Evidence): slide.duration, slide.parallax, slide.dimming, slide.curve, coverVertical.duration, coverVertical.curve.")
        json["parameters"] = .object(parameters)
        for op in ["push", "pop"] { json[op] = slide.json.objectValue?[op] }
        for op in ["present", "dismiss"] { json[op] = cover.json.objectValue?[op] }
        return try! AnimatorDefinition.decode(.object(json), at: "", defaultName: "default")
    }

    /// The built-ins after slide and coverVertical (which `default` is made of), in the order listed.
    static let others = [CatalogueFiles.crossDissolve, CatalogueFiles.flipFromLeft, CatalogueFiles.flipFromRight, CatalogueFiles.curlUp,
                         CatalogueFiles.curlDown, CatalogueFiles.zoom, CatalogueFiles.flip, CatalogueFiles.overlay, CatalogueFiles.fade,
                         CatalogueFiles.sidePanel, CatalogueFiles.sheet, CatalogueFiles.formSheet, CatalogueFiles.alert,
                         CatalogueFiles.actionSheet, CatalogueFiles.popover]
}
