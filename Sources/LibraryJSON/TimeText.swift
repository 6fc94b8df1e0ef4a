import CatalogFormat
import Foundation
import LibraryClient

/// ISO-8601 times given on the command line or in a request.
package enum TimeText {
    /// The time `text` names; ``ListeningError/invalidTime(_:)`` when it is not ISO-8601.
    package static func parse(_ text: String) throws -> Date {
        guard let date = ISO8601.date(text) else { throw ListeningError.invalidTime(text) }
        return date
    }
}
