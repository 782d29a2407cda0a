/// The grabber of a sheet whose `prefersGrabberVisible` is set (iOS 15+): a capsule centred at the
/// top of the card. Its numbers are Flutter's drag handle for its iOS sheets, fitted to iOS 18
/// (cupertino/sheet.dart: 36 × 5 pt, 5 pt below the card's top, tertiaryLabel; *approximate*,
/// docs/reference.md § Sheets).
extension World {
    /// Width and height of the capsule, points.
    static let grabberSize = Size(width: 36, height: 5)
    /// Distance from the card's top edge to the capsule's, points.
    static let grabberTop = 5.0
    /// UIKit's `tertiaryLabel` in light mode, RGB (60, 60, 67) at alpha 76/255, as Flutter's
    /// `CupertinoColors.tertiaryLabel` gives it.
    static let grabberColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 76 / 255)

    /// Puts the grabber (`role: sheetGrabber`) in front of the sheet's content, as a subview of
    /// its view so that it moves with the card; it leaves with the card.
    mutating func addGrabber(to id: ControllerID, in container: ViewID) throws(SimulationError) {
        // The card's width at rest: the container's for the phone card (less a floating card's
        // inset either side), the form sheet's own in regular width.
        var width = sheetTransition(of: id) == .formSheet ? formSheetParameters.width : tree[container].bounds.width
        if sheetTransition(of: id) == .sheet, let covered = self[controller: id].presenting {
            width = sheetParameters(sheet: id, covered: covered).rest(in: tree[container].bounds.size).card.width
        }
        let size = Self.grabberSize
        let name = "\(tree[container].id).grabber"
        var grabber = ViewNode(id: name, kind: "view", owner: nil, path: name, role: .sheetGrabber,
                               frame: Rect(x: (width - size.width) / 2, y: Self.grabberTop, width: size.width, height: size.height))
        grabber.backgroundColor = Self.grabberColor
        grabber.layer.cornerRadius = size.height / 2
        tree.addSubview(try tree.create(grabber), to: self[controller: id].view)
    }
}
