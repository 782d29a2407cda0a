import JSONCodec
import Synchronization
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `--scenarios DIR`: every `*.json` in the folder becomes a session whose id is the file's name
/// without `.json`, replayed from the scenario document it holds. A file that cannot be read or
/// replayed stops the start, with the reason: fixtures that silently go missing help no one.
enum Fixtures {
    /// How long loading may take before the start gives up (a folder on a file system that
    /// stopped answering): far more than the largest folder a start should wait for.
    static let timeout = Duration.seconds(60)

    /// How loading ended.
    enum Outcome: Sendable {
        case loaded(Int)
        case failed(FixtureError)
        case timedOut
        case interrupted(Int32)
    }

    /// Loads the folder on a thread of its own while this one waits for `signals` (blocked in
    /// every thread), so that SIGTERM still stops the process during the load and a load that
    /// hangs ends after `timeout`.
    static func load(from folder: String, into application: Application, signals: sigset_t) -> Outcome {
        guard let job = LoadJob.start(folder: folder, application: application) else {
            return .failed(FixtureError(file: folder, reason: "could not start a thread to load it"))
        }
        let deadline = ContinuousClock.now + timeout
        var signals = signals
        while ContinuousClock.now < deadline {
            var tick = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            let signal = sigtimedwait(&signals, nil, &tick)
            if signal > 0 { return .interrupted(signal) }
            if let result = job.result { return result }
        }
        return .timedOut
    }

    /// One load on a thread of its own; the waiting thread polls `result`.
    private final class LoadJob: Sendable {
        let folder: String
        let application: Application
        private let finished = Mutex<Outcome?>(nil)

        private init(folder: String, application: Application) {
            self.folder = folder
            self.application = application
        }

        var result: Outcome? { finished.withLock { $0 } }

        /// The job, loading; nil when no thread could be made.
        static func start(folder: String, application: Application) -> LoadJob? {
            let job = LoadJob(folder: folder, application: application)
            let retained = Unmanaged.passRetained(job).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(&thread, nil, { argument in
                let job = Unmanaged<LoadJob>.fromOpaque(argument!).takeRetainedValue()
                let outcome: Outcome = switch Fixtures.load(from: job.folder, into: job.application) {
                case .success(let count): .loaded(count)
                case .failure(let error): .failed(error)
                }
                job.finished.withLock { $0 = outcome }
                return nil
            }, retained)
            guard made == 0 else {
                Unmanaged<LoadJob>.fromOpaque(retained).release()
                return nil
            }
            pthread_detach(thread)
            return job
        }
    }

    private static func load(from folder: String, into application: Application) -> Result<Int, FixtureError> {
        guard let dir = opendir(folder) else { return .failure(FixtureError(file: folder, reason: "cannot open the folder")) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let path = folder + "/" + name
            let bytes: [UInt8]
            switch read(path) {
            case .success(let read): bytes = read
            case .failure(let error): return .failure(error)
            }
            do {
                try application.loadFixture(id: String(name.dropLast(5)), document: bytes)
            } catch {
                return .failure(FixtureError(file: path, reason: reason(for: error)))
            }
        }
        return .success(names.count)
    }

    /// Why a document was refused, without a word of its content: a fixture may be a link to any
    /// file (a secret one too), and the reason goes to the log. Where the mistake is (a line and
    /// column, or a JSON pointer) and what kind it is; the service says more about the same
    /// document sent as `POST /v1/sessions {"scenario": …}`.
    static func reason(for error: any Error) -> String {
        let whole = "; POST it to /v1/sessions as {\"scenario\": …} for the whole reason"
        if let error = error as? JSONParseError {
            return "not valid JSON at line \(error.line), column \(error.column)" + whole
        }
        let problem = Problem(error)
        let pointer = problem.extensions.first { $0.key == "pointer" }?.value.stringValue ?? ""
        return problem.title + (pointer.isEmpty ? "" : " at \(pointer)") + whole
    }

    /// The whole file, up to 64 MiB, if it is a regular file (a link is followed): opened without
    /// waiting, so that a FIFO or a device in the folder is refused instead of blocking the start.
    static func read(_ path: String) -> Result<[UInt8], FixtureError> {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return .failure(FixtureError(file: path, reason: "cannot open the file")) }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(FixtureError(file: path, reason: "not a regular file"))
        }
        guard status.st_size <= 64 << 20 else { return .failure(FixtureError(file: path, reason: "larger than 64 MiB")) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if n == 0 { return .success(bytes) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .failure(FixtureError(file: path, reason: "cannot read the file")) }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > 64 << 20 { return .failure(FixtureError(file: path, reason: "larger than 64 MiB")) }
        }
    }
}

struct FixtureError: Error, Sendable {
    var file: String
    var reason: String
}
