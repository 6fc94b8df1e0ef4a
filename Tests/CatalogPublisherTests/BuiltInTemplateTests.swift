import CatalogPublisher
import Foundation
import TestSupport
import Testing

/// The page templates built into the tools are generated from `templates/` by
/// `scripts/embed-templates`; the two must never drift apart.
struct BuiltInTemplateTests {
    static var folder: URL { ToolRunner.repositoryRoot.appendingPathComponent("templates") }

    @Test func builtInPageTemplatesEqualTheFilesInTemplates() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(names.contains(CatalogPage.templateName))
        #expect(BuiltInPageTemplates.files.keys.sorted() == names, "templates/ changed; run scripts/embed-templates")
        for name in names {
            let file = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(name).path))
            #expect(
                BuiltInPageTemplates.files[name].map { Data($0.utf8) } == file,
                "templates/\(name) differs from its built-in copy; run scripts/embed-templates")
        }
    }

    @Test func builtInPageIsThePageOfTheTemplatesFolder() throws {
        let builtIn = try CatalogPage.render(
            catalog: PageSample.catalog(), seed: PageSample.seed, manifests: PageSample.manifests)
        let fromFolder = try CatalogPage.render(
            catalog: PageSample.catalog(), seed: PageSample.seed, manifests: PageSample.manifests,
            templatesDirectory: Self.folder.path)
        #expect(builtIn == fromFolder)
        #expect(builtIn.hasPrefix("<!DOCTYPE html>") && builtIn.contains("Soundshelf &lt;Demo&gt; &amp; Friends"))
    }
}
