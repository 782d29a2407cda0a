#if canImport(Glibc)
import Glibc
#endif

/// The process figures Prometheus's client libraries export under these names (resident memory,
/// CPU time, open files, start time), read from Linux's /proc and getrusage at each scrape.
struct ProcessMetrics {
    var residentBytes = 0
    var cpuSeconds = 0.0
    var openFiles = 0
    var maxFiles = 0

    static func read() -> ProcessMetrics {
        var m = ProcessMetrics()
        // statm: size resident shared … in pages.
        if let statm = firstLine("/proc/self/statm") {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) { m.residentBytes = pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 {
            m.cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        if let directory = opendir("/proc/self/fd") {
            var entries = 0
            while let entry = readdir(directory) {
                if entry.pointee.d_name.0 != UInt8(ascii: ".") { entries += 1 }
            }
            closedir(directory)
            m.openFiles = max(0, entries - 1)  // less the descriptor reading the directory
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { m.maxFiles = Int(clamping: limit.rlim_cur) }
        return m
    }

    /// Seconds since the Unix epoch, now: taken once at start for `process_start_time_seconds`.
    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func firstLine(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
