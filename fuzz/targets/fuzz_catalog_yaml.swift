// libFuzzer target: CatalogSource.parse (Yams + YAMLReader) and, when that yields a catalog,
// the typo guard over its vocabularies and music entries as CatalogValidator runs it (the
// packs folder is not read).
import CatalogModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (catalog, problems) = CatalogSource.parse(fuzzText(data, size), file: "/nonexistent-soundshelf-fuzz/catalog.yaml")
    checkDiagnostics(problems)
    guard let catalog else { return 0 }
    var tags = TagGuard(initial: catalog.vocabularies)
    for entry in catalog.music {
        checkDiagnostics(tags.check(entry.tags, kind: .music, file: catalog.file,
                                    path: "\(entry.path).tags", locations: catalog.locations))
    }
    return 0
}

@_cdecl("fuzz_catalog_yaml_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
