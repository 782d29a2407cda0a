import JSONCodec
import TransitionCore

/// The documents that describe what the service offers rather than a session: the animator
/// catalogue, the device profiles, and timing samples.
extension ResponseEncoder {
    /// `GET /v1/animators`: each built-in's name, operations, parameters with defaults, summary
    /// and source.
    mutating func animatorList(_ definitions: [AnimatorDefinition]) {
        writer.beginObject()
        writer.key("animators")
        writer.beginArray()
        for d in definitions {
            writer.beginObject()
            writer.key("name"); writer.string(d.name)
            writer.key("operations")
            writer.beginArray()
            for op in d.operations { writer.string(op.rawValue) }
            writer.endArray()
            writer.key("parameters"); writer.value(.object(d.parameters))
            writer.key("summary"); writer.string(d.summary)
            writer.key("source"); writer.string(d.source)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// `GET /v1/devices`: the profiles a session's `screen.device` may name.
    mutating func deviceList(_ profiles: [DeviceProfile]) {
        writer.beginObject()
        writer.key("devices")
        writer.beginArray()
        for profile in profiles {
            writer.beginObject()
            writer.key("name"); writer.string(profile.name)
            writer.key("idiom"); writer.string(profile.idiom.rawValue)
            writer.key("screen"); screen(profile.screen)
            if let radius = profile.displayCornerRadius { writer.key("displayCornerRadius"); writer.number(radius) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// `POST /v1/timing/sample`: a curve's values and velocities at the requested times, over
    /// `duration` seconds.
    mutating func timingSamples(duration: Double, values: [Double], velocities: [Double]) {
        writer.beginObject()
        writer.key("duration"); writer.number(duration)
        writer.key("values"); writer.beginArray(); for v in values { writer.number(v) }; writer.endArray()
        writer.key("velocities"); writer.beginArray(); for v in velocities { writer.number(v) }; writer.endArray()
        writer.endObject()
    }
}
