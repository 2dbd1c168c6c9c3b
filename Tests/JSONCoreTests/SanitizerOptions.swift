/// Default options for `swift test --sanitize=address` (this test target is linked into the one
/// test executable, so they apply to the whole run; `ASAN_OPTIONS` still overrides them).
///
/// `detect_leaks=0`: on Linux, LeakSanitizer reports leaks at exit from every XCTest run, even one
/// that runs no test at all (swiftlang/swift-corelibs-xctest#521, #534): it cannot follow the
/// pointers the Swift runtime keeps bit-shifted in refcount words (weak-reference side tables) and
/// in spare bits of enum payloads (llvm/llvm-project#56751), so the runner's test-case objects,
/// and everything they hold, look leaked. Our own code is leak-checked where no XCTest runner is
/// involved: the `chatpayloads` binary that the CLI tests run (built with the same sanitizer, its
/// leak check on; `CLITestCase.run` fails a test on any sanitizer report), and the libFuzzer
/// targets (`Fuzz/run.sh`, AddressSanitizer with LeakSanitizer).
@_cdecl("__asan_default_options")
public func asanDefaultOptions() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(("detect_leaks=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
