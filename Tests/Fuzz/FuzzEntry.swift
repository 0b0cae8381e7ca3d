import LoansCore

/// Which parser a fuzzing run exercises, from `LOANS_FUZZ_TARGET` (date, args or document).
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

#if !FUZZING
/// Without libFuzzer, the same checks replay files: `loans-fuzz TARGET FILE…` (the regression
/// corpus in CI). Each input that breaks an invariant stops the run with a trap, as under libFuzzer.
@main
enum FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: loans-fuzz date|args|document FILE…")
            return
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let bytes = FuzzFiles.read(path) else {
                print("loans-fuzz: cannot read \(path)")
                continue
            }
            bytes.withUnsafeBufferPointer { target.check($0) }
            count += 1
        }
        print("loans-fuzz: \(target.rawValue): \(count) inputs replayed, every invariant held")
    }
}
#endif
