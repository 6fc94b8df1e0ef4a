import Foundation
import PackBuilder
import TestSupport
import Testing

/// `packer init`'s built-in pack.yaml is generated from `templates/pack.yaml` by
/// `scripts/embed-templates`; the two must never drift apart.
struct BuiltInPackTemplateTests {
    @Test func builtInPackTemplateEqualsTheFileInTemplates() throws {
        let path = ToolRunner.repositoryRoot.appendingPathComponent("templates/\(BuiltInPackTemplate.fileName)").path
        let file = try #require(FileManager.default.contents(atPath: path))
        #expect(
            Data(BuiltInPackTemplate.text.utf8) == file,
            "templates/pack.yaml differs from its built-in copy; run scripts/embed-templates")
    }
}
