import CatalogFormat
import FacetEngine
import GRDB

/// A saved list order brought up to date for a few changed items, instead of sorted again: the
/// changed items leave the order, and each one still shown goes back in at the place a binary
/// search finds, comparing sort keys the way SQLite's `ORDER BY` does (``ItemSort/orderSQL``:
/// `NOCASE` folds ASCII letters only, ids compare as bytes, unknown durations last).
///
/// ```swift
/// let order = try RankingPatch(kind: .sfx, sort: .title, db).apply(to: saved, changed: numbers)
/// ```
struct RankingPatch {
    /// An item's sort keys.
    struct Keys {
        var number: UInt32
        var kind: String
        var visible: Bool
        var title: [UInt8]
        var id: [UInt8]
        var duration: Double?
        var createdAt: [UInt8]
    }

    let kind: Kind
    let sort: ItemSort
    let db: Database
    /// The sort keys read so far, by item number (the first steps of every search read the same items).
    private let cache = KeyCache()

    /// Above this many changed items a sort costs less than the searches (each reads about 20
    /// rows; sorting a million-item kind takes SQLite about half a second).
    static let mostChanged = 2000

    /// `order` without the `changed` item numbers, then with those of them that are shown in
    /// this kind put back where they sort.
    func apply(to order: ItemOrder, changed: [Keys]) throws -> [UInt32] {
        let leaving = Set(changed.map(\.number))
        var numbers = order.filter { !leaving.contains($0) }
        for item in changed where item.visible && item.kind == kind.rawValue {
            var low = 0
            var high = numbers.count
            while low < high {
                let middle = (low + high) / 2
                if try precedes(try keys(numbers[middle]), item) { low = middle + 1 } else { high = middle }
            }
            numbers.insert(item.number, at: low)
        }
        return numbers
    }

    /// The sort keys of the item numbered `number`.
    func keys(_ number: UInt32) throws -> Keys {
        if let known = cache.keys[number] { return known }
        let keys = try read(number)
        cache.keys[number] = keys
        return keys
    }

    private func read(_ number: UInt32) throws -> Keys {
        // Raw SQL: one row by its unique number, read for each step of a binary search.
        let statement = try db.cachedStatement(
            sql:
                "SELECT item_number, kind, is_visible, title, id, duration, created_at FROM library_item WHERE item_number = ?"
        )
        guard let row = try Row.fetchOne(statement, arguments: [Int64(number)]) else {
            throw LibraryClientError.facetIndexUnavailable(path: "item \(number)")
        }
        return Self.keys(row)
    }

    /// The sort keys of the items with `ids`.
    static func keys(ids: [String], _ db: Database) throws -> [Keys] {
        // Raw SQL: the columns the orders sort by, read by primary key for each changed item.
        let statement = try db.cachedStatement(
            sql: "SELECT item_number, kind, is_visible, title, id, duration, created_at FROM library_item WHERE id = ?")
        return try ids.compactMap { try Row.fetchOne(statement, arguments: [$0]).map(keys) }
    }

    private static func keys(_ row: Row) -> Keys {
        Keys(
            number: UInt32(row["item_number"] as Int64), kind: row["kind"], visible: row["is_visible"],
            title: Array((row["title"] as String).utf8), id: Array((row["id"] as String).utf8),
            duration: row["duration"], createdAt: Array((row["created_at"] as String).utf8))
    }

    /// Whether `a` comes before `b` in this sort.
    func precedes(_ a: Keys, _ b: Keys) -> Bool {
        switch sort {
        case .title:
            return Self.byTitle(a, b)
        case .duration:
            switch (a.duration, b.duration) {
            case (nil, .some): return false
            case (.some, nil): return true
            case (.some(let x), .some(let y)) where x != y: return x < y
            default: return Self.byTitle(a, b)
            }
        case .recent:
            if a.createdAt != b.createdAt { return b.createdAt.lexicographicallyPrecedes(a.createdAt) }
            return a.number > b.number
        }
    }

    /// `title COLLATE NOCASE, id`.
    private static func byTitle(_ a: Keys, _ b: Keys) -> Bool {
        let (x, y) = (a.title.map(foldASCII), b.title.map(foldASCII))
        if x != y { return x.lexicographicallyPrecedes(y) }
        return a.id.lexicographicallyPrecedes(b.id)
    }

    private static func foldASCII(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}

/// The sort keys a patch read, shared by its searches.
private final class KeyCache {
    var keys: [UInt32: RankingPatch.Keys] = [:]
}
