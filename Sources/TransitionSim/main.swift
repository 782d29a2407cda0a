// transition-sim: flags, signals, the daemon's life. The request path is in Bridge.swift.
import CBuildInfo
import CHTTPShim
import RedisJournal
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

let build = BuildInfo(version: String(cString: build_info_version()), commit: String(cString: build_info_commit()),
                      binaryID: String(cString: build_info_binary_id()))
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "healthcheck" {
    exit(healthcheckCommand(Array(arguments.dropFirst()), environment: environmentValue))
}
if arguments.first == "check" { exit(GoldenCommands.check(Array(arguments.dropFirst()))) }
if arguments.first == "golden" { exit(GoldenCommands.golden(Array(arguments.dropFirst()))) }

let configuration: ServerConfiguration
switch Flags.parse(arguments, environment: environmentValue) {
case .success(let parsed):
    configuration = parsed
case .failure(let error):
    if error.help {
        print(Flags.usage, terminator: "")
        exit(0)
    }
    if error.version {
        print("transition-sim \(build.version) (commit \(build.commit))")
        exit(0)
    }
    let message = Array("transition-sim: \(error.message)\n\n\(Flags.usage)".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

// Block SIGINT and SIGTERM in every thread (libmicrohttpd's inherit this mask) so that only
// sigwait below receives them.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &signals, nil)
signal(SIGPIPE, SIG_IGN)

let journal = configuration.storeURL.flatMap(RedisAddress.init(url:)).map {
    RedisJournal(address: $0, connections: configuration.threads)
}
let application = Application(configuration: configuration, journal: journal, build: build)
if let journal, !journal.ping() {
    // Not fatal: requests answer 503 and readiness is false until Redis answers.
    application.logger.warning("the session store does not answer yet", ["store": configuration.storeURL ?? ""])
}
if let folder = configuration.scenariosFolder {
    application.logger.info("loading scenarios", ["folder": folder])
    switch Fixtures.load(from: folder, into: application, signals: signals) {
    case .loaded(let count):
        application.logger.info("scenarios loaded", ["folder": folder, "sessions": String(count)])
    case .failed(let error):
        application.logger.error("could not load a scenario", ["file": error.file, "reason": error.reason])
        exit(1)
    case .timedOut:
        application.logger.error("the scenarios did not load in time", ["folder": folder, "seconds": String(Fixtures.timeout.components.seconds)])
        exit(1)
    case .interrupted(let signal):
        application.logger.info("stopped while loading the scenarios", ["signal": signal == SIGTERM ? "SIGTERM" : "SIGINT"])
        exit(0)
    }
}
let bridge = BridgeContext(application: application)
let context = Unmanaged.passRetained(bridge)
var errorText = [CChar](repeating: 0, count: 256)
let daemon: OpaquePointer? = configuration.host.withCString { host in
    var options = shim_options(host: host, port: configuration.port, threads: UInt32(configuration.threads),
                               max_body: configuration.maxBodyBytes, connection_limit: UInt32(configuration.connectionLimit),
                               connection_timeout: UInt32(configuration.connectionTimeout))
    var guards = shim_guards(per_ip_limit: UInt32(configuration.maxConnectionsPerIP), probe_port: configuration.probePort ?? 0,
                             logger: logLibraryMessage, watcher: watchConnection)
    return shim_start(&options, &guards, handleRequest, context.toOpaque(), &errorText, errorText.count)
}
guard let daemon else {
    application.logger.error("could not start", ["reason": cText(errorText)])
    context.release()
    exit(1)
}
application.logger.info("listening", ["version": build.version, "commit": build.commit,
                                      "host": configuration.host, "port": String(shim_bound_port(daemon)),
                                      "threads": String(configuration.threads),
                                      "probe_port": configuration.probePort != nil ? String(shim_probe_port(daemon)) : "none"])

var mainLoop = SignalWait(signals: signals, bridge: bridge)
let received = mainLoop.awaitSignal(until: nil)
application.logger.info("draining", ["signal": received == SIGTERM ? "SIGTERM" : "SIGINT",
                                     "seconds": String(configuration.drainSeconds)])
application.beginShutdown()
// The drain: readiness is false and requests are still served, until the time is up or a second
// signal says not to wait.
_ = mainLoop.awaitSignal(until: .now + .milliseconds(Int64(configuration.drainSeconds * 1000)))
application.logger.info("shutting down")
// No new connections, and answers from now on close theirs. Requests already in flight get up
// to five seconds to be answered and sent (idle keep-alive connections are not waited for).
shim_quiesce(daemon)
var waited = 0
while shim_in_flight(daemon) > 0 && waited < 250 {
    usleep(20_000)
    waited += 1
    if waited % 12 == 0 { bridge.cutOverdueRequests() }  // about every 250 ms, as while waiting for a signal
}
let unfinished = shim_in_flight(daemon)
shim_stop(daemon)  // joins libmicrohttpd's threads; handlers still running finish first
context.release()
if unfinished > 0 { application.logger.warning("stopped with requests unfinished", ["requests": String(unfinished)]) }
application.logger.info("stopped")
exit(0)
