import Glibc
import LoansCore

/// Which check a fuzzing run exercises, from `LOANS_FUZZ_TARGET` (one of `FuzzTarget`'s cases).
nonisolated(unsafe) var fuzzTarget: FuzzTarget = .date

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    fuzzTarget = FuzzTarget.fromEnvironment()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTarget.check(UnsafeBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
/// libFuzzer's driver (from the runtime `-sanitize=fuzzer` links), called from our own `main`
/// because SwiftPM names an executable's entry point itself.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

/// `loans-fuzz` built with `-sanitize=fuzzer -D FUZZING` fuzzes the target named by
/// `LOANS_FUZZ_TARGET` under libFuzzer. Built plainly, the same checks replay files:
/// `loans-fuzz TARGET FILE…` (the regression corpus in CI); an input that breaks an invariant
/// stops the run with a trap, as under libFuzzer.
@main
enum FuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        fuzzTarget = FuzzTarget.fromEnvironment()
        exit(runFuzzerDriver(&argc, &argv, fuzzerTestOneInput))
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    static func replay(_ arguments: ArraySlice<String>) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: loans-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE…")
            exit(64)
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let bytes = FuzzFiles.read(path) else {
                print("loans-fuzz: cannot read \(path)")
                exit(66)
            }
            bytes.withUnsafeBufferPointer { target.check($0) }
            count += 1
        }
        print("loans-fuzz: \(target.rawValue): \(count) inputs replayed, every invariant held")
    }
}
