import Foundation
import SoundshelfRelay
import TestSupport
import Testing

@Suite("soundshelf-relay: the key file")
struct RelayKeysTests {
    @Test(
        "keys are read one a line (comments and blank lines skipped); a short key, an empty or missing file is refused")
    func keyFile() throws {
        let folder = try TemporaryDirectory(prefix: "relay-keys")
        let file = folder.url.appendingPathComponent("relay.keys").path
        try "# game masters of the club\n\nfirst-key-0123456789\nsecond-key-0123456789\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let keys = try RelayKeys(file: file)
        #expect(keys.accepts("second-key-0123456789") && keys.accepts("first-key-0123456789"))
        #expect(!keys.accepts("second-key-012345678") && !keys.accepts(nil))
        try "ok-key-0123456789abc\nshort\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: RelayError.self) { try RelayKeys(file: file) }
        do { _ = try RelayKeys(file: file) } catch { #expect("\(error)".contains("line 2")) }
        try "# none\n".write(toFile: file, atomically: true, encoding: .utf8)
        do { _ = try RelayKeys(file: file) } catch { #expect("\(error)".contains("holds no key")) }
        do { _ = try RelayKeys(file: file + ".missing") } catch { #expect("\(error)".contains("cannot be read")) }
    }
}
