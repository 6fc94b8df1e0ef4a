import CatalogModel
import Foundation
import TestSupport
import Testing

/// The ledger a large catalog's check keeps its ids in (a hash and a file each) reports every
/// duplicate exactly as the ledger of whole ids and places does: same messages, files, lines.
@Suite struct CompactIdentityLedgerTests {
    @Test("duplicates across packs and inside a pack read the same from both ledgers")
    func sameReportAsTheMemoryLedger() throws {
        let tmp = try TemporaryDirectory(prefix: "compact-ids")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let tavern = source + "/packs/tavern-life/pack.yaml"
        // An item id that dungeon-delve's first item has, and one repeated inside tavern-life.
        try DemoCatalog.edit(
            tavern, replacing: "  - id: 59abd186-e52e-4519-84f6-9b1829c57977",
            with: "  - id: b5fa0c94-22ad-4e72-8b66-94c2ead4939a")
        try DemoCatalog.edit(
            tavern, replacing: "  - id: 4e0a407b-4dbb-4888-9de4-b3a0610c9c62",
            with: "  - id: cd567eab-4b8f-4149-a5c9-aac0aad9c4b0")
        let catalog = source + "/catalog.yaml"
        let check = { (ledger: any IdentityLedger) in
            CatalogValidator.validate(catalogAt: catalog, strict: false, ledger: ledger) { file, catalog in
                let (check, pack) = PackCheck.load(path: file, allowedLicenses: catalog.allowedLicenses)
                return (check, pack)
            }.1.diagnostics.map(\.description)
        }
        let exact = check(MemoryIdentityLedger())
        let compact = check(CompactIdentityLedger())
        #expect(compact == exact)
        let duplicates = compact.filter { $0.contains("is already used by") }
        #expect(duplicates.count >= 2, "\(compact)")
        #expect(duplicates.contains { $0.contains("b5fa0c94") && $0.contains("dungeon-delve/pack.yaml:13:") })
        #expect(duplicates.contains { $0.contains("cd567eab") && $0.contains("tavern-life/pack.yaml:23:") })
    }
}
