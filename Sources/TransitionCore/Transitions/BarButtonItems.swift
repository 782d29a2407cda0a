/// A controller's `rightBarButtonItems` as views: one group (`role: barButtonGroup`, id
/// `<controller>.rightBarButtonItems`) holding a view per item (`role: barButtonItem`, id
/// `<controller>.rightBarButtonItems.<item id>`: a label with its title, or an image view), made
/// with the controller and shown in its navigation controller's bar while its item is
/// (docs/semantics.md § Bar button items).
extension World {
    /// Makes the group of `id`'s bar button items, detached, laid out for its bar; none for a
    /// controller without items, so other sessions hold the views they always did. On iOS 26 the
    /// group is the glass capsule the items share.
    mutating func makeBarButtonItems(for id: ControllerID) throws(SimulationError) {
        let items = self[controller: id].settings.rightBarButtonItems
        guard !items.isEmpty else { return }
        let name = "\(id).rightBarButtonItems"
        var group = ViewNode(id: name, kind: "view", owner: nil, path: name, role: .barButtonGroup, frame: .zero)
        if display.iOS >= ZoomOptions.firstBarButtonIOS {
            group.backgroundColor = BarButtonLayout.glassColor
            var capsule = LayerProperties()
            capsule.cornerRadius = BarButtonLayout.glassCornerRadius
            group.setLayerKeepingFrame(capsule)
        }
        let groupID = try tree.create(group)
        for (item, frame) in zip(items, BarButtonLayout.itemFrames(items)) {
            let itemName = "\(name).\(item.id)"
            var node: ViewNode
            switch item.content {
            case .title(let title):
                node = ViewNode(id: itemName, kind: "label", owner: nil, path: itemName, role: .barButtonItem, frame: frame)
                node.text = title
            case .image(let image):
                node = ViewNode(id: itemName, kind: "imageView", owner: nil, path: itemName, role: .barButtonItem, frame: frame)
                node.image = image
            }
            tree.addSubview(try tree.create(node), to: groupID)
        }
        self[controller: id].barButtonGroup = groupID
    }

    /// Puts `controller`'s group at rest in `nav`'s bar, opaque; nothing for a controller without items.
    mutating func placeBarButtonItems(of controller: ControllerID?, in nav: ControllerID) {
        guard let controller, let group = controllers[controller]?.barButtonGroup, let bar = self[controller: nav].navigationBar?.bar else { return }
        tree[group].frame = BarButtonLayout.groupFrame(self[controller: controller].settings.rightBarButtonItems, barWidth: barWidth(of: nav))
        tree[group].alpha = 1
        tree.addSubview(group, to: bar)
    }

    /// Takes every controller's bar button items out of `nav`'s bar.
    mutating func removeBarButtonItems(from nav: ControllerID) {
        guard let bar = self[controller: nav].navigationBar?.bar else { return }
        for view in tree[bar].children where tree[view].role == .barButtonGroup { tree.detach(view) }
    }

    /// The view of the bar button item `item` of `controller`, and the item's frame where it
    /// rests in its navigation controller's bar, in the transition container's coordinates
    /// (points): the zoom's source. Nil when the controller has no such item, is not in a
    /// navigation controller in the window, or hides the bar.
    func barButtonItemSource(_ item: String, of controller: ControllerID, reader: AnimatorInterpreter) -> (view: ViewID, frame: Rect)? {
        let c = self[controller: controller]
        guard let index = c.settings.rightBarButtonItems.firstIndex(where: { $0.id == item }), let group = c.barButtonGroup,
              let nav = c.parent, let navView = controllers[nav]?.view, controllers[nav]?.navigationBar != nil, isInWindow(navView),
              !c.settings.navigationBarHidden else { return nil }
        // Where the bar rests with this item, whatever it shows now: a pop zooms back into an
        // item the bar shows only once the pop is under way.
        let navFrame = reader.frameInContainer(navView)
        let bar = NavigationBarLayout.barFrame(width: barWidth(of: nav), safeTop: display.safeArea.top, hidden: false)
        let box = BarButtonLayout.groupFrame(c.settings.rightBarButtonItems, barWidth: bar.width)
        let frame = BarButtonLayout.itemFrames(c.settings.rightBarButtonItems)[index]
        return (tree[group].children[index], frame.offsetBy(dx: navFrame.minX + bar.minX + box.minX, dy: navFrame.minY + bar.minY + box.minY))
    }
}
