import CatalogFormat

/// Tags as one sorted array of `dimension index << 48 | value id`, so stored and desired tags
/// compare with one array equality.
enum TagSignature {
    private static let positions: [TagDimension: Int64] = Dictionary(
        uniqueKeysWithValues: TagDimension.allCases.enumerated().map { ($1, Int64($0)) })

    static func element(_ dim: TagDimension, _ id: Int64) -> Int64 {
        (positions[dim] ?? 0) << 48 | id
    }

    /// Back from signature elements to ids per dimension.
    static func decode(_ elements: [Int64]) -> [TagDimension: [Int64]] {
        var result: [TagDimension: [Int64]] = [:]
        for element in elements {
            let position = Int(element >> 48)
            guard position < TagDimension.allCases.count else { continue }
            result[TagDimension.allCases[position], default: []].append(element & 0xFFFF_FFFF_FFFF)
        }
        return result
    }

    static func of(_ tags: [TagDimension: [Int64]]) -> [Int64] {
        tags.flatMap { dim, ids in ids.map { element(dim, $0) } }.sorted()
    }
}
