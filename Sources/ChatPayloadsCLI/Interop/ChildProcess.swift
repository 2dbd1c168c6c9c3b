#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import JSONCore

/// One run of a shell command (`/bin/sh -c`) with piped standard streams, for `interop check`.
///
/// The child is spawned (`posix_spawn`) as the leader of a process group of its own, with the
/// default action for every signal (the tool ignores `SIGPIPE`, `SIGINT` and `SIGTERM` itself).
/// Its exit is noticed when it happens (a thread waits on the process, not on the end of its
/// output), and at that moment whatever it left behind is killed: its process group, and the
/// descendants that left the group (`setsid`) but kept the marker variable
/// `CHATPAYLOADS_INTEROP_PROCESS` in their environment (``DescendantSweep``). Standard input is
/// written from a thread of its own (a child that never reads it cannot block the run);
/// standard output and error are read by threads into bounded buffers.
final class ChildProcess: @unchecked Sendable {
    /// Why a command could not be started.
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    private let command: String
    private let environment: [String: String]
    /// The marker value this child's descendants inherit.
    let marker: String
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var stdinFD: Int32 = -1
    private var rawStatus: Int32?
    private let exited = DispatchSemaphore(value: 0)
    /// Standard error, its last 16 KiB.
    let stderr = BoundedBuffer(limit: 16 * 1024, keepTail: true)

    /// Prepares `/bin/sh -c command` with `environment` added to the tool's.
    init(command: String, environment: [String: String]) {
        self.command = command
        self.environment = environment
        self.marker = DescendantSweep.nextMarker()
    }

    /// Starts the command; standard output goes to `output` (a reader thread feeds it).
    func start(output: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void, outputEnded: @escaping @Sendable () -> Void) throws(StartError) {
        InterruptCleanup.shared.parkIfInterrupting()
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&stdinPipe), Self.makePipe(&stdoutPipe), Self.makePipe(&stderrPipe) else {
            for fd in stdinPipe + stdoutPipe + stderrPipe where fd >= 0 { Self.closeDescriptor(fd) }
            throw StartError(description: "cannot create pipes: \(String(cString: strerror(errno)))")
        }
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env[DescendantSweep.variable] = marker
        let spawned = Self.spawn(["/bin/sh", "-c", command], environment: env, stdin: stdinPipe[0], stdout: stdoutPipe[1], stderr: stderrPipe[1])
        Self.closeDescriptor(stdinPipe[0])
        Self.closeDescriptor(stdoutPipe[1])
        Self.closeDescriptor(stderrPipe[1])
        guard case .success(let child) = spawned else {
            for fd in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] { Self.closeDescriptor(fd) }
            if case .failure(let error) = spawned { throw error }
            return
        }
        lock.withLock {
            pid = child
            stdinFD = stdinPipe[1]
        }
        InterruptCleanup.shared.killOnInterrupt(group: child)
        let outFD = stdoutPipe[0]
        let errFD = stderrPipe[0]
        let stderr = self.stderr
        Thread.detachNewThread {
            ChildProcess.drain(outFD, into: output)
            outputEnded()
            ChildProcess.closeDescriptor(outFD)
        }
        Thread.detachNewThread {
            ChildProcess.drain(errFD) { stderr.append($0) }
            stderr.finish()
            ChildProcess.closeDescriptor(errFD)
        }
        let marker = self.marker
        let exited = self.exited
        Thread.detachNewThread {
            // Notice the exit without reaping: the group's id stays the child's while it is a
            // zombie, so killing the group cannot reach a process that reused the id.
            ChildProcess.waitWithoutReaping(child)
            _ = killpg(child, SIGKILL)
            DescendantSweep.kill(marker: marker)
            exited.signal()
        }
    }

    /// Writes `bytes` to the child's standard input from a thread, then closes it. A child that
    /// exits without reading ends the writing (the tool ignores `SIGPIPE`).
    func send(_ bytes: [UInt8]) {
        let fd = lock.withLock { () -> Int32 in
            let fd = stdinFD
            stdinFD = -1
            return fd
        }
        guard fd >= 0 else { return }
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
            ChildProcess.closeDescriptor(fd)
        }
    }

    /// Waits for the child to end; false when `seconds` passed first. Once it has ended, its
    /// process group and marked descendants are killed and it is reaped.
    func waitForExit(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()  // later waits see the exit too
        InterruptCleanup.shared.parkIfInterrupting()
        reap()
        return true
    }

    /// Kills the child's process group (and the child, and its marked descendants), then waits
    /// for it to be reaped.
    func kill() {
        let child = lock.withLock { pid }
        if child > 0 {
            _ = killpg(child, SIGKILL)
            ChildProcess.signalProcess(child, SIGKILL)
            DescendantSweep.kill(marker: marker)
        }
        if exited.wait(timeout: .now() + 5) == .success {
            exited.signal()
            InterruptCleanup.shared.parkIfInterrupting()
            reap()
        }
    }

    private func reap() {
        lock.lock()
        defer { lock.unlock() }
        guard rawStatus == nil, pid > 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        rawStatus = status
        InterruptCleanup.shared.forget(group: pid)
    }

    /// How the child ended (after ``waitForExit(seconds:)`` returned true): killed by a signal
    /// (`status` is the signal), or its exit status.
    var termination: (signal: Bool, status: Int32) {
        let status = lock.withLock { rawStatus } ?? 0
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        return signalled ? (true, status & 0x7f) : (false, (status >> 8) & 0xff)
    }

    /// The signal that ended the child: reported by the system, or the shell's `128 + n`
    /// exit status for a command it ran that a signal killed (129...159). nil otherwise.
    var crashSignal: Int32? {
        let (signaled, status) = termination
        if signaled { return status }
        return (129...159).contains(status) ? status - 128 : nil
    }

    /// The shell's "command not found" (127) or "not executable" (126) exit status.
    var commandNotFound: Bool {
        let (signaled, status) = termination
        return !signaled && (status == 126 || status == 127)
    }

    /// `SIGABRT`, `SIGSEGV`... for a signal number.
    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        case SIGINT: return "SIGINT"
        case SIGTRAP: return "SIGTRAP"
        default: return "signal \(number)"
        }
    }

    // MARK: - System calls

    private static func drain(_ fd: Int32, into sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            buffer.withUnsafeBufferPointer { sink(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// A pipe whose two ends are closed on exec (the child gets copies through `dup2`).
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else { return false }
        for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        fds = pair
        return true
    }

    static func closeDescriptor(_ fd: Int32) { SystemFile.close(fd) }

    /// `kill(2)` (the method ``kill()`` hides the C function's name).
    static func signalProcess(_ pid: pid_t, _ signal: Int32) {
        #if canImport(Darwin)
        _ = Darwin.kill(pid, signal)
        #elseif canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #elseif canImport(Musl)
        _ = Musl.kill(pid, signal)
        #endif
    }

    /// Blocks until `pid` has exited, leaving it a zombie (`waitid` with `WNOWAIT`).
    private static func waitWithoutReaping(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }

    /// Spawns `arguments` in a new process group, every signal at its default action, the
    /// three descriptors as its standard streams.
    private static func spawn(_ arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, StartError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard code == 0 else { return .failure(StartError(description: "cannot start /bin/sh: \(String(cString: strerror(code)))")) }
        return .success(pid)
    }
}
