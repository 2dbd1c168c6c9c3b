#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit, which bounds how many connections can be open at once.
enum OpenFileLimit {
    /// Descriptors kept for everything but connections (the listener, body files, logs).
    static let reserve = 64

    /// Raises the soft open-file limit to the hard one and returns `wanted`, lowered so that
    /// that many connections (plus ``reserve``) fit under the limit.
    static func raiseAndFitConnections(_ wanted: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return wanted }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        let available = limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
        return max(1, min(wanted, available - reserve))
    }
}
