import GRDB

/// The FTS5 pattern of a search: every word matched as the start of a word of the title,
/// subtitle or pack title, or, when the UCS list gives it as a synonym (or a category word) of
/// some CatIDs, as an item of one of those CatIDs (the search table's `ucs` column).
///
/// ```swift
/// let pattern = try SearchPattern(query: "barn", db)
/// pattern?.match   // ("barn"* OR ucs : "AMBFarm" OR … OR ucs : "DOORWood" OR …)
/// pattern?.title   // "barn"*
/// ```
struct SearchPattern {
    /// The whole search, one term per word joined by AND (FTS5 reads no implicit AND after a
    /// parenthesized term).
    var match: String
    /// The words alone (`"w1"* "w2"*`), for the title-first rank.
    var title: String

    /// Nil when the query has no words.
    init?(query: String, _ db: Database) throws {
        let words = query.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        title = words.map { "\"\($0)\"*" }.joined(separator: " ")
        match = try words.map { word -> String in
            let catIDs = try Self.catIDs(matching: word.lowercased(), db)
            guard !catIDs.isEmpty else { return "\"\(word)\"*" }
            return "(\"\(word)\"* OR \(catIDs.map { "ucs : \"\($0)\"" }.joined(separator: " OR ")))"
        }.joined(separator: " AND ")
    }

    /// The CatIDs with a synonym or category word starting with `word` (letters and digits only).
    static func catIDs(matching word: String, _ db: Database) throws -> [String] {
        // Raw SQL: a word-start LIKE over the space-separated terms of the 752 rows (no index
        // can serve it; the table is small).
        try UCSSynonymRecord.select(UCSSynonymRecord.Columns.catID, as: String.self)
            .filter(sql: "(' ' || terms) LIKE ?", arguments: ["% \(word)%"])
            .order(UCSSynonymRecord.Columns.catID)
            .fetchAll(db)
    }
}
