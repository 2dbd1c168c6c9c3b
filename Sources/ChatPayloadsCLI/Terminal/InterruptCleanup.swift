#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What `SIGINT` or `SIGTERM` must undo before the process ends: temporary report files
/// (`--output`), the temporary folder of `interop check` and the process groups of the
/// decoder commands it runs (and, on Linux, the descendants they orphaned, see
/// ``DescendantSweep.kill(marker: nil)``). Then the process exits with `128 + signal`.
///
/// The handlers are installed by the first registration (a run that registers nothing keeps
/// the default actions); the signal handler only wakes a thread, which does the cleaning.
final class InterruptCleanup: @unchecked Sendable {
    static let shared = InterruptCleanup()

    private let lock = NSLock()
    private var files: Set<String> = []
    private var folders: Set<String> = []
    private var groups: Set<pid_t> = []
    private var installed = false
    private var interrupting = false

    /// Removes the file at `path` if the run is interrupted.
    func removeOnInterrupt(_ path: String) {
        installIfNeeded()
        lock.withLock { _ = files.insert(path) }
    }

    /// Removes the folder at `path` (and everything in it) if the run is interrupted.
    func removeFolderOnInterrupt(_ path: String) {
        installIfNeeded()
        lock.withLock { _ = folders.insert(path) }
    }

    /// Kills the process group `group` if the run is interrupted (at once, when a started
    /// command raced with an interrupt already being handled).
    func killOnInterrupt(group: pid_t) {
        installIfNeeded()
        let late = lock.withLock { () -> Bool in
            groups.insert(group)
            return interrupting
        }
        if late { _ = killpg(group, SIGKILL) }
    }

    /// Waits for the end of the process when an interrupt is being handled, so the thread
    /// that calls it (one that saw its command killed) cannot go on with the run and end the
    /// process with the run's status first.
    func parkIfInterrupting() {
        guard lock.withLock({ interrupting }) else { return }
        while true { sleep(60) }
    }

    /// Drops a file or folder registered earlier (it was renamed or removed).
    func forget(_ path: String) {
        lock.withLock {
            files.remove(path)
            folders.remove(path)
        }
    }

    /// Drops a process group registered earlier (it was killed and reaped).
    func forget(group: pid_t) {
        lock.withLock { _ = groups.remove(group) }
    }

    private func installIfNeeded() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        interruptPipeWrite = fds[1]
        let readEnd = fds[0]
        // The handler only writes the signal's number to the pipe (async-signal-safe); this
        // thread does the cleaning.
        Thread.detachNewThread { [self] in
            var number: UInt8 = 0
            while true {
                let n = read(readEnd, &number, 1)
                if n == 1 { self.interrupted(by: Int32(number)) }
                if n < 0 && errno == EINTR { continue }
                return
            }
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM] {
            signal(number, interruptSignalHandler)
            sigaddset(&unblocked, number)
        }
        // A parent may have started the tool with these signals blocked (the mask is inherited):
        // this thread takes them, whatever the mask of the threads already running.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    private func interrupted(by number: Int32) -> Never {
        lock.lock()
        interrupting = true
        let (files, folders, groups) = (self.files, self.folders, self.groups)
        lock.unlock()
        for group in groups { _ = killpg(group, SIGKILL) }
        DescendantSweep.kill(marker: nil)
        for file in files { _ = unlink(file) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        _exit(128 + number)
    }
}

/// The pipe's write end the signal handler wakes the cleaning thread through (set once, before
/// the handler is installed).
nonisolated(unsafe) private var interruptPipeWrite: Int32 = -1

/// The `SIGINT`/`SIGTERM` handler: writes the signal's number to the pipe, nothing else.
private func interruptSignalHandler(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruptPipeWrite, &byte, 1)
}
