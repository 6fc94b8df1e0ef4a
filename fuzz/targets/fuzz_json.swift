// libFuzzer target: DocumentKind.detect, then CatalogJSON.decode of the input as a Seed, a
// Manifest and a CatalogDocument, each followed by its rules (SeedRules, ManifestRules,
// CatalogDocumentRules). Decoding errors are fine; crashes and hangs are not.
import CatalogModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzData(data, size)
    _ = DocumentKind.detect(bytes)
    if let seed = try? CatalogJSON.decode(Seed.self, from: bytes, file: "seed.json") {
        checkDiagnostics(SeedRules.check(seed, file: "seed.json"))
        _ = try? CatalogJSON.encode(seed)
    }
    if let manifest = try? CatalogJSON.decode(Manifest.self, from: bytes, file: "manifest.json") {
        checkDiagnostics(ManifestRules.check(manifest, file: "manifest.json"))
        _ = try? CatalogJSON.encode(manifest)
    }
    if let catalog = try? CatalogJSON.decode(CatalogDocument.self, from: bytes, file: "catalog.json") {
        checkDiagnostics(CatalogDocumentRules.check(catalog, file: "catalog.json"))
        _ = try? CatalogJSON.encode(catalog)
    }
    return 0
}

@_cdecl("fuzz_json_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
