// transition-sim: flags, signals, the daemon's life. The request path is in Bridge.swift.
import CHTTPShim
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "healthcheck" {
    var host = environmentValue("TRANSITION_SIM_HOST") ?? "127.0.0.1"
    // The probe port when there is one: slow clients of the main port cannot starve it.
    var port = environmentValue("TRANSITION_SIM_PROBE_PORT").flatMap(UInt16.init)
        ?? environmentValue("TRANSITION_SIM_PORT").flatMap(UInt16.init) ?? 8080
    var i = 1
    while i + 1 < arguments.count {
        if arguments[i] == "--host" { host = arguments[i + 1] }
        if arguments[i] == "--port" || arguments[i] == "--probe-port", let p = UInt16(arguments[i + 1]) { port = p }
        i += 2
    }
    exit(healthcheck(host: host, port: port))
}

let configuration: ServerConfiguration
switch Flags.parse(arguments, environment: environmentValue) {
case .success(let parsed):
    configuration = parsed
case .failure(let error):
    if error.help {
        print(Flags.usage, terminator: "")
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

let application = Application(configuration: configuration)
let context = Unmanaged.passRetained(BridgeContext(application: application))
var errorText = [CChar](repeating: 0, count: 256)
let daemon: OpaquePointer? = configuration.host.withCString { host in
    var options = shim_options(host: host, port: configuration.port, threads: UInt32(configuration.threads),
                               max_body: configuration.maxBodyBytes, connection_limit: UInt32(configuration.connectionLimit),
                               connection_timeout: UInt32(configuration.connectionTimeout))
    var guards = shim_guards(per_ip_limit: UInt32(configuration.maxConnectionsPerIP),
                             request_timeout: UInt32(configuration.requestTimeout), probe_port: configuration.probePort ?? 0,
                             logger: logLibraryMessage)
    return shim_start(&options, &guards, handleRequest, context.toOpaque(), &errorText, errorText.count)
}
guard let daemon else {
    application.logger.error("could not start", ["reason": cText(errorText)])
    context.release()
    exit(1)
}
application.logger.info("listening", ["host": configuration.host, "port": String(shim_bound_port(daemon)),
                                      "threads": String(configuration.threads),
                                      "probe_port": configuration.probePort != nil ? String(shim_probe_port(daemon)) : "none"])

var received: Int32 = 0
sigwait(&signals, &received)
application.logger.info("shutting down", ["signal": received == SIGTERM ? "SIGTERM" : "SIGINT"])
application.beginShutdown()
// No new connections; give the open ones up to two seconds to finish what they are doing.
shim_quiesce(daemon)
for _ in 0..<100 where shim_connections(daemon) > 0 { usleep(20_000) }
shim_stop(daemon)  // joins libmicrohttpd's threads
context.release()
application.logger.info("stopped")
exit(0)
