// libFuzzer target: the readers of a schema-2 catalog — CatalogDelta.parse of the input as a
// delta's lines (and the merge of the result with itself), ShardPackHead.read of it as a pack
// line, and CatalogJSON.decode of it as a ShardedCatalogDocument (with its deltaChain), a
// CatalogIndex and a ShardPack. Refusals are fine; crashes and hangs are not.
import CatalogModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzData(data, size)
    if var delta = try? CatalogDelta.parse(bytes, file: "delta.jsonl") {
        delta.merge(delta)
        _ = try? delta.encoded()
    }
    _ = bytes.withUnsafeBytes(ShardPackHead.read)
    if let document = try? CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: "catalog.json") {
        _ = document.deltaChain(from: document.catalogVersion - 3)
        _ = try? CatalogJSON.encode(document)
    }
    _ = try? CatalogJSON.decode(CatalogIndex.self, from: bytes, file: "index.json")
    if let line = try? CatalogJSON.decode(ShardPack.self, from: bytes, file: "shard.jsonl") {
        _ = DeltaPack(line)
        _ = try? CompactJSON.encode(line)
    }
    return 0
}

@_cdecl("fuzz_sharded_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
