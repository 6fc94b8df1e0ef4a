// libFuzzer target: PackSource.parse (Yams + YAMLReader) and, when that yields a pack,
// PackValidator.validate with a TagGuard seeded with a few names. The pack's folder does not
// exist, so item file checks fail at the first stat.
import CatalogModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (pack, problems) = PackSource.parse(fuzzText(data, size), file: fuzzPackFile)
    checkDiagnostics(problems)
    guard let pack else { return 0 }
    var tags = TagGuard(initial: fuzzVocabularies)
    checkDiagnostics(PackValidator.validate(pack, tags: &tags))
    _ = DiagnosticReport(problems).promotingWarnings(true)
    return 0
}

@_cdecl("fuzz_pack_yaml_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
