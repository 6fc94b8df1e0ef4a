import GRDB
import UCS

extension AppDatabase {
    /// The Universal Category System: each item's CatID (`library_item.ucs`, from the seed's
    /// `"ucs"`), the list's synonyms per CatID (`ucs_synonym`, from the built-in list), and the
    /// search table again with a fourth column, `ucs`, which a search matches through the synonyms.
    static func addUCS(_ db: Database) throws {
        // Raw SQL: DDL; an FTS5 table cannot gain a column, so it is made again and filled from
        // the stored rows in rowid order, as an import fills it.
        try db.execute(
            sql: """
                ALTER TABLE library_item ADD COLUMN ucs TEXT NULL;
                CREATE TABLE ucs_synonym (
                  cat_id TEXT PRIMARY KEY,
                  category TEXT NOT NULL,
                  sub_category TEXT NOT NULL,
                  terms TEXT NOT NULL
                );
                DROP TABLE library_item_search;
                CREATE VIRTUAL TABLE library_item_search USING fts5(
                  title, subtitle, pack_title, ucs,
                  tokenize = 'unicode61 remove_diacritics 2'
                );
                INSERT INTO library_item_search(rowid, title, subtitle, pack_title, ucs)
                SELECT li.item_number, li.title, li.subtitle, p.title, li.ucs
                FROM library_item li LEFT JOIN pack_item pi ON pi.item_id = li.id LEFT JOIN pack p ON p.id = pi.pack_id
                ORDER BY li.item_number;
                """)
        for category in UCSList.builtIn.categories {
            try UCSSynonymRecord(category).insert(db)
        }
    }
}
