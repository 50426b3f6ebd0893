import CredFuzzHarness
#if canImport(Glibc)
import Glibc
#endif

// credsh's fuzz target: libFuzzer feeds it byte strings, and each one runs as a script
// (Fuzz/Harness/FuzzRun.swift). It is built only by `make fuzz`, with `-sanitize=fuzzer`, which links
// libFuzzer in; this file is the program's `main` and hands control to libFuzzer's driver.
// `CredFuzz --dictionary` prints the words of the language for libFuzzer's -dict instead.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

if CommandLine.arguments.dropFirst().first == "--dictionary" {
    print(FuzzDictionary.text(), terminator: "")
    exit(0)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in
    FuzzRun.run(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
})
