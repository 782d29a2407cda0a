import JSONCodec
import TransitionCore

/// Fuzz target `scene`: what `POST /v1/sessions` does with its body — decode the scene spec and
/// build the world from it — then one snapshot of that world. A client controls the whole
/// scene, so any input must end in a `SimulationError` or a world, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let limits = SceneLimits()
    guard let json = try? JSONParser.parse(UnsafeBufferPointer(start: data, count: size)),
          let scene = try? SceneSpec.decode(json, limits: limits),
          let world = try? World(scene: scene, limits: limits)
    else { return 0 }
    _ = world.snapshot(at: world.now)
    return 0
}
