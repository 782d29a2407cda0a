import TransitionCore

extension Application {
    /// `GET /v1/devices`: the device profiles a session's `screen.device` may name.
    func listDevices(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        var encoder = SnapshotEncoder(precision: nil, flat: false)
        encoder.writer.beginObject()
        encoder.writer.key("devices")
        encoder.writer.beginArray()
        for profile in DeviceProfile.catalogue {
            encoder.writer.beginObject()
            encoder.writer.key("name"); encoder.writer.string(profile.name)
            encoder.writer.key("idiom"); encoder.writer.string(profile.idiom.rawValue)
            encoder.writer.key("screen"); encoder.screen(profile.screen)
            encoder.writer.endObject()
        }
        encoder.writer.endArray()
        encoder.writer.endObject()
        return Self.json(200, encoder.writer.bytes)
    }
}
