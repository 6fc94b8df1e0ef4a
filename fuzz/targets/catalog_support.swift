// Shared by the CatalogModel fuzz targets (copied next to each one by scripts/fuzz).
import CatalogModel
import Foundation

/// Input as text the way the tools read files: `String(decoding:as:)`, which repairs bad UTF-8.
func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
}

func fuzzData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Data {
    data.map { Data(bytes: $0, count: size) } ?? Data()
}

/// A pack path in a folder that does not exist, so file checks fail fast without touching disk.
let fuzzPackFile = "/nonexistent-soundshelf-fuzz/packs/fuzz/pack.yaml"

/// A few initial names per dimension, like a catalog.yaml gives, so the typo guard has
/// something to compare against.
let fuzzVocabularies: [TagDimension: [String]] = [
    .location: ["Forest", "Underdark", "Outer Space", "Urban"],
    .mood: ["Cozy", "Horrific", "Awe-Inspiring", "Mysterious"],
    .musicTheme: ["Combat", "Exploration"],
    .atmosphereTheme: ["Tavern", "Weather"],
    .sfxTheme: ["Doors", "Magic"],
    .creatureType: ["Dragon", "Undead"],
]

/// Every diagnostic must name a file and say something.
func checkDiagnostics(_ diagnostics: [Diagnostic]) {
    for d in diagnostics {
        precondition(!d.message.isEmpty && !d.file.isEmpty)
        _ = d.description
    }
}

// SwiftPM links an executable target with `--defsym main=<target>_main`, so libFuzzer's own
// main is not used there: each target defines `<target>_main`, which starts libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
