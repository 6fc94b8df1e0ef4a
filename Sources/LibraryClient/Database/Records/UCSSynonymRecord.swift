import GRDB
import UCS

/// A row of `ucs_synonym`: one CatID of the built-in UCS list with the words a search for it
/// matches (its synonyms and the words of its category and subcategory), lowercase, separated by
/// spaces.
///
/// ```swift
/// let wood = try UCSSynonymRecord.fetchOne(db, key: "DOORWood")
/// wood?.terms   // "apartment armoires barn cabin … doors wood"
/// ```
package struct UCSSynonymRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "ucs_synonym"
    package static let capitalizedWords = ["ID"]

    package var catID: String
    package var category: String
    package var subCategory: String
    package var terms: String

    package enum Columns {
        package static let catID = Column("cat_id")
        package static let terms = Column("terms")
    }

    /// The row of one entry of the list.
    package init(_ category: UCSCategory) {
        catID = category.catID
        self.category = category.category
        subCategory = category.subCategory
        terms = category.searchTerms.joined(separator: " ")
    }
}
