import TransitionCore

extension Application {
    /// `GET /v1/devices`: the device profiles a session's `screen.device` may name.
    func listDevices(_ ctx: RequestContext) throws(Problem) -> HTTPResponse {
        var encoder = ResponseEncoder()
        encoder.deviceList(DeviceProfile.catalogue)
        return Self.json(200, encoder.writer.bytes)
    }
}
