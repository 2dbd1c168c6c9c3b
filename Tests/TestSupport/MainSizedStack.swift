import Foundation

/// Runs `body` on a thread with the stack the deep-recursion tests are about, and returns its result.
///
/// XCTest runs tests on the main thread, whose stack is the default 8 MiB; the validator's depth
/// caps are sized so that validation fits in it. Under a sanitizer every frame is larger
/// (AddressSanitizer adds redzones around locals), so the same recursion needs several times the
/// room: there the thread gets ``sanitizerStackFactor`` times as much. The caps asserted are the
/// same; only the room the instrumented frames get changes.
public func onMainSizedStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ThreadResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() }
        done.signal()
    }
    thread.stackSize = mainSizedStackBytes
    thread.start()
    done.wait()
    guard let result = box.result else { throw CocoaError(.featureUnsupported) }
    return try result.get()
}

/// 8 MiB, times ``sanitizerStackFactor`` in a sanitizer build.
public let mainSizedStackBytes = (8 << 20) * (runningUnderSanitizer ? sanitizerStackFactor : 1)

/// How much more stack instrumented frames get (AddressSanitizer needed about twice as much).
public let sanitizerStackFactor = 4

/// Whether this process was built with AddressSanitizer or ThreadSanitizer (their runtimes are
/// linked into the test executable and export their init functions).
public let runningUnderSanitizer: Bool = {
    let me = dlopen(nil, RTLD_NOW)
    defer { if let me { dlclose(me) } }
    return dlsym(me, "__asan_init") != nil || dlsym(me, "__tsan_init") != nil
}()

/// The result of a body run on another thread (written before the semaphore is signalled).
private final class ThreadResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
