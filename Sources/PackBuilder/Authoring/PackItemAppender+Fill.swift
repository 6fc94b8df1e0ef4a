import AudioProbe
import CatalogModel
import Foundation

extension PackItemAppender {
    /// What `packer add` needs besides the file to fill an item: the dimension catalog.yaml names
    /// for UCS tags (`ucs: {dimension: themes}`), the names that dimension already knows (so
    /// "Doors" is written as the catalog writes it), and what the pack already says.
    struct FillContext {
        var ucsDimension: String?
        var vocabulary = TagVocabulary()
        var packTags: Set<String> = []
        var packHasCredits = false

        init(pack: PackSource) {
            let catalog = PackValidator.enclosingCatalog(of: pack)
            packHasCredits = pack.attribution.credits != nil
            guard let key = catalog?.ucsDimension, let dimension = pack.kind.dimension(forTagsKey: key) else { return }
            ucsDimension = key
            let known =
                (catalog?.vocabularies[dimension] ?? []) + pack.tags[key]
                + pack.items.flatMap { $0.tags[key] }
            for name in known { _ = vocabulary.insert(name) }
            packTags = Set(pack.tags[key])
        }

        /// A tag value as the dimension already writes it (`doors` → `Doors` when the catalog
        /// lists `Doors`), else as given.
        func spelled(_ name: String) -> String {
            if case .sameAs(let known) = vocabulary.check(name) { return known }
            return name
        }
    }

    /// A new item for `file` (placed at `relative`) filled from what the file says (`known`: its
    /// tags as already read), with the source of each value; damaged tags and misspelt CatIDs
    /// become warnings.
    static func filled(_ file: String, relative: String, context: FillContext, tags known: EmbeddedMetadata? = nil)
        -> (Added, [String])
    {
        var warnings: [String] = []
        var tags = EmbeddedMetadata()
        if let known {
            tags = known
        } else {
            do {
                tags = try AudioProbe.metadata(fileAt: file)
            } catch {
                warnings.append("\(error.description); its tags are not read")
            }
        }
        let found = FileMetadata.read(file, tags: tags)
        warnings += found.warnings
        var added = Added(id: CanonicalID.random(), title: found.title.value, file: relative)
        var sources = ["title": found.title.source]
        if let subtitle = found.subtitle {
            added.subtitle = subtitle.value
            sources["subtitle"] = subtitle.source
        }
        if let ucs = found.ucs {
            added.ucs = ucs.value.catID
            sources["ucs"] = ucs.source
            if let key = context.ucsDimension {
                let names = [ucs.value.categoryName, ucs.value.subCategoryName].map(context.spelled)
                let own = names.filter { !context.packTags.contains($0) }
                if !own.isEmpty {
                    added.tags = [key: own.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }]
                    sources["tags"] = ucs.source
                }
            }
        }
        if let loopable = found.loopable, loopable.value {
            added.loopable = true
            sources["loopable"] = loopable.source
        }
        if let creator = found.creator, !context.packHasCredits {
            added.credits = [creator.value]
            sources["credits"] = creator.source
        }
        added.sources = sources
        return (added, warnings)
    }
}
