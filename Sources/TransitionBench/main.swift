// transition-bench: the numbers behind "speed is a feature".
//   transition-bench compute            snapshot compute + encode for a 61-view scene mid-push, timing evaluations,
//                                       a 60-frame batch full and change-only, the heavy film strip's refusal,
//                                       and what compressing a 240-frame answer costs
//   transition-bench static-server ...  a bare libmicrohttpd server answering fixed bytes (see StaticServer.swift)
//   transition-bench repeat PART N      compute, encode, both or by a frame template, N times untimed, for callgrind (see RepeatBenchmark.swift)
//   transition-bench digits N           the writer's numbers against the former writer and description for N doubles
//                                       (see DigitsProof.swift)
//   transition-bench scene              the benchmark scene's creation and push bodies, as {"scene": …, "push": …},
//                                       for the HTTP and memory measurements to use the same scene
// scripts/bench runs both and the HTTP load comparison with wrk.
import JSONCodec
import TransitionCore
import TransitionServer

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "compute", nil:
    ComputeBenchmark.run()
    BatchBenchmark.run()
    RefusalBenchmark.run()
    CompressionBenchmark.run()
case "static-server":
    StaticServer.run(Array(arguments.dropFirst()))
case "repeat":
    RepeatBenchmark.run(Array(arguments.dropFirst()))
case "digits":
    DigitsProof.run(Array(arguments.dropFirst()))
case "scene":
    print(#"{"scene": "# + ComputeBenchmark.sceneBody + #", "push": "# + ComputeBenchmark.pushBody + "}")
default:
    print("usage: transition-bench [compute | static-server --port N --bytes N | repeat compute|encode|svg|snapshot|template|request|batch|changes|compare|compare-respaced|compare-one|refusal|create N | digits N | scene]")
}
