import ArgumentParser
import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient

/// RFC 4180 CSV: CRLF line ends; a field holding a comma, quote or line break is quoted, quotes doubled.
enum CSV {
    static func render(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
