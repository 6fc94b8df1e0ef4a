import CatalogFormat
import Foundation

/// Turns filter values as people write them — names (case-insensitive, normalized) or numeric
/// ids — into ``Filters``. An unknown value is an error naming it and its dimension, with a
/// "did you mean" when a known value is close.
///
/// ```swift
/// let filters = try await library.resolver.resolve([.location: ["forest", "Swamp"], .mood: ["12"]])
/// ```
public struct FilterResolver: Sendable {
    let context: LibraryContext

    /// Resolves names (any case) or numeric ids per dimension into ``Filters``;
    /// throws ``LibraryClientError/unknownTag(dimension:name:suggestion:)`` with a "did you mean" hint.
    public func resolve(_ values: [TagDimension: [String]]) async throws -> Filters {
        guard values.values.contains(where: { !$0.isEmpty }) else { return Filters() }
        return try Self.resolve(values, in: try await context.engine().valueCatalog())
    }

    /// Resolves `values` against `catalog` (the values the engine counts with).
    static func resolve(_ values: [TagDimension: [String]], in catalog: DimensionValueCatalog) throws -> Filters {
        var filters = Filters()
        for (dim, texts) in values where !texts.isEmpty {
            let ordered = catalog.ordered(dim)
            for text in texts { filters[dim].append(try resolve(text, in: dim, catalog, ordered: ordered)) }
        }
        return filters
    }

    /// `ordered`: `catalog.ordered(dim)`, when the caller has it.
    static func resolve(
        _ text: String, in dim: TagDimension, _ catalog: DimensionValueCatalog,
        ordered: [DimensionValueCatalog.Value]? = nil
    ) throws -> Int64 {
        let values = ordered ?? catalog.ordered(dim)
        let wanted = TagName.normalize(text)
        if let match = values.first(where: { sameIgnoringCase($0.name, wanted) }) {
            return match.id
        }
        if let id = Int64(wanted) {
            guard catalog.value(id, in: dim) != nil else {
                throw LibraryClientError.unknownTagID(dimension: dim, id: id)
            }
            return id
        }
        let key = TagName.foldingKey(wanted)
        let suggestion =
            values.first { TagName.foldingKey($0.name) == key }
            ?? values.first { TagName.editDistance($0.name, wanted) <= 2 }
        throw LibraryClientError.unknownTag(dimension: dim, name: text, suggestion: suggestion?.name)
    }

    /// Whether `name` equals `wanted` ignoring case, as Foundation's case-insensitive comparison
    /// says. Two ASCII strings are compared byte by byte: in a fresh process Foundation's
    /// comparison costs more than the rest of resolving a few names.
    static func sameIgnoringCase(_ name: String, _ wanted: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }), wanted.utf8.allSatisfy({ $0 < 0x80 }) else {
            return name.compare(wanted, options: [.caseInsensitive]) == .orderedSame
        }
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return name.utf8.count == wanted.utf8.count && zip(name.utf8, wanted.utf8).allSatisfy { lower($0) == lower($1) }
    }
}
