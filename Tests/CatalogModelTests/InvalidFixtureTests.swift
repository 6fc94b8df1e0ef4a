import CatalogModel
import Foundation
import Testing

/// One failing fixture per validation rule: each must be rejected with its message at its
/// line:column (YAML) or JSON path, and with no other error.
struct InvalidFixtureTests {
    struct Expectation: Decodable, Sendable, CustomTestStringConvertible {
        var file: String = ""
        var location: String
        var message: String
        var severity: String
        var testDescription: String { file }
        enum CodingKeys: String, CodingKey { case location, message, severity }
    }

    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/invalid")

    static let cases: [Expectation] = {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("expectations.json"))) ?? Data("{}".utf8)
        let map = (try? JSONDecoder().decode([String: Expectation].self, from: data)) ?? [:]
        return map.sorted { $0.key < $1.key }.map {
            var e = $0.value
            e.file = $0.key
            return e
        }
    }()

    @Test func everyFixtureHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".yaml") || ($0.hasSuffix(".json") && $0 != "expectations.json") }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func rejectsWithLocatedMessage(_ expected: Expectation) {
        let path = Self.folder.appendingPathComponent(expected.file).path
        let report = DocumentValidator.validate(fileAt: path)
        let matching = report.diagnostics.filter { d in
            d.severity.rawValue == expected.severity && d.message.contains(expected.message) && d.file == path
                && (expected.location.hasPrefix("$")
                    ? d.path == expected.location : "\(d.line ?? 0):\(d.column ?? 0)" == expected.location)
        }
        #expect(matching.count == 1, "got: \(report.diagnostics.map(\.description))")
        let others = report.errors.filter { !matching.contains($0) }
        #expect(others.isEmpty, "unexpected: \(others.map(\.description))")
        if expected.severity == "warning" {
            #expect(!report.hasErrors)
            #expect(DocumentValidator.validate(fileAt: path, strict: true).hasErrors, "--strict makes warnings errors")
        }
    }
}
