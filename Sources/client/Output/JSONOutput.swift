import Foundation
import LibraryJSON

/// `--json`: one document on stdout, through the encoder the web server uses too.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        FileHandle.standardOutput.write(try LibraryJSON.encode(value))
    }
}
