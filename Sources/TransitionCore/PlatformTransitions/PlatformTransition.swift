import JSONCodec

/// One of UIKit's own transitions, the animations UIKit runs when the app supplies none, with
/// its parameters. Each is a catalogue animator written in the animator language (its file in
/// Catalogue/Animators runs it and cites every default); this is the engine's typed view of the
/// same numbers, for what UIKit does around the animation: where a sheet rests when presented
/// without one, which of UIKit's own gestures the pages follow, and the navigation bar's curve.
///
/// An animator is one of these when it has the name and the parameters of one, as the catalogue's
/// have, so that a served definition posted back runs as the catalogue's does
/// (`AnimatorDefinition.Platform`).
indirect enum PlatformTransition: Sendable, Equatable {
    /// A navigation controller's push and pop.
    case slide(SlideParameters)
    /// `UIModalTransitionStyleCoverVertical`, the default modal transition.
    case coverVertical(CoverVerticalParameters)
    /// The phone's page and form sheets (iOS 13 and later).
    case sheet(SheetParameters)
    /// A form sheet in regular width (an iPad).
    case formSheet(FormSheetParameters)
    /// iOS 18's fluid zoom (`preferredTransition = .zoom`), asked for by the zoomed controller's
    /// spec (`PreferredTransition`), never by an action's animator name: its catalogue name is
    /// `fluidZoom`, since the catalogue's `zoom` is the seeds' snapshot flight.
    case fluidZoom(ZoomParameters)
    /// `UIAlertController`'s alert: the platter shrinks to size as it fades in over a veil.
    case alert(AlertParameters)
    /// `UIAlertController`'s action sheet on an iPhone: the sheet slides up from the bottom edge.
    case actionSheet(ActionSheetParameters)
    /// A popover in regular width (an iPad): the chrome and its content spring from the arrow's tip.
    case popover(PopoverParameters)

    /// Its catalogue name, which is also the `animator` of the transitions that run it.
    enum Name: String, Sendable, CaseIterable {
        case slide, coverVertical, sheet, formSheet, fluidZoom, alert, actionSheet, popover
    }

    /// Reads `name`'s parameters from an animator's, which may hold more of its own: each of the
    /// transition's is required, of its kind. An action's overrides only replace values the
    /// animator gives, each of its kind (`AnimatorDefinition.resolvedParameters`), so a transition
    /// reads the parameters its animator was recognised with.
    init(_ name: Name, parameters: JSONObject, at pointer: String) throws(SimulationError) {
        var r = try SpecReader(.object(parameters), at: pointer)
        self = try Self.read(name, &r)
    }

    /// Reads the catalogue's parameters of `name`, which are exactly the transition's: a missing
    /// or misspelt one fails when the catalogue loads (CatalogueTests), never in a request.
    init(catalogue name: Name, parameters: JSONObject, at pointer: String) throws(SimulationError) {
        var r = try SpecReader(.object(parameters), at: pointer)
        self = try Self.read(name, &r)
        try r.finish()
    }

    private static func read(_ name: Name, _ r: inout SpecReader) throws(SimulationError) -> PlatformTransition {
        switch name {
        case .slide: .slide(try SlideParameters(&r))
        case .coverVertical: .coverVertical(try CoverVerticalParameters(&r))
        case .sheet: .sheet(try SheetParameters(&r))
        case .formSheet: .formSheet(try FormSheetParameters(&r))
        case .fluidZoom: .fluidZoom(try ZoomParameters(&r))
        case .alert: .alert(try AlertParameters(&r))
        case .actionSheet: .actionSheet(try ActionSheetParameters(&r))
        case .popover: .popover(try PopoverParameters(&r))
        }
    }

    var name: Name {
        switch self {
        case .slide: .slide
        case .coverVertical: .coverVertical
        case .sheet: .sheet
        case .formSheet: .formSheet
        case .fluidZoom: .fluidZoom
        case .alert: .alert
        case .actionSheet: .actionSheet
        case .popover: .popover
        }
    }

    /// The transition's parameters as the animator's body reads them, by name.
    var parameters: JSONObject {
        switch self {
        case .slide(let p): p.parameters
        case .coverVertical(let p): p.parameters
        case .sheet(let p): p.parameters
        case .formSheet(let p): p.parameters
        case .fluidZoom(let p): p.parameters
        case .alert(let p): p.parameters
        case .actionSheet(let p): p.parameters
        case .popover(let p): p.parameters
        }
    }

    /// Starts following UIKit's own `gesture` when it is the one that drives this transition:
    /// its animations then run on linear curves, so that the finger's progress is where the views
    /// are (docs/semantics.md § UIKit's back swipe, § Modal presentation, § Zoom). False when the gesture
    /// is not this transition's: the transition is percent-driven on its own curves.
    mutating func follow(_ gesture: Transition.TouchTracking) -> Bool {
        switch (self, gesture) {
        case (.slide(var p), .backSwipe):
            p.curve = .linear
            self = .slide(p)
        case (.sheet(var p), .sheetPull):
            p.curve = .linear
            self = .sheet(p)
        case (.formSheet(var p), .sheetPull):
            p.curve = .linear
            self = .formSheet(p)
        case (.fluidZoom(var p), .zoomDismiss):
            p.curve = .linear
            self = .fluidZoom(p)
        default:
            return false
        }
        return true
    }

    /// The curve the navigation bar's change follows over a transition of `duration` seconds on `iOS`:
    /// UIKit runs it inside the slide, on the slide's own curve; nil for the others, beside
    /// which UIKit animates the bar alongside (docs/semantics.md § Navigation bar transition).
    func barCurve(duration: Double, iOS: Int) -> TimingCurve? {
        guard case .slide(let p) = self else { return nil }
        return p.curve.curve(duration: duration, iOS: iOS)
    }
}

extension AnimatorDefinition {
    /// What an animator is to UIKit.
    enum Platform: Sendable, Equatable {
        /// One of UIKit's own transitions.
        case transition(PlatformTransition.Name)
        /// `default`: UIKit's transition for whichever operation runs (`Catalogue.platformDefault`).
        case operationDefault

        /// What the animator decoded as `name` with `parameters` is: `default` stands for UIKit's
        /// transition of each operation whatever it holds; an animator named after one of UIKit's
        /// own transitions is that transition when it has its parameters, each of its kind (the
        /// served definition, posted back, runs as the catalogue's:
        /// docs/animators.md § The catalogue); any other is the app's own (nil).
        init?(name: String, parameters: JSONObject) {
            if name == "default" {
                self = .operationDefault
            } else if let platform = PlatformTransition.Name(rawValue: name),
                      (try? PlatformTransition(platform, parameters: parameters, at: "")) != nil {
                self = .transition(platform)
            } else {
                return nil
            }
        }
    }
}
