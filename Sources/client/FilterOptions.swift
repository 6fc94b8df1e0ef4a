import ArgumentParser
import CatalogModel
import LibraryClient

/// Tag filters by name (case-insensitive) or numeric id: OR within a flag, AND across flags.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("location"), help: ArgumentHelp("Location name or id (repeatable).", valueName: "NAME"))
    var locations: [String] = []

    @Option(name: .customLong("mood"), help: ArgumentHelp("Mood name or id (repeatable).", valueName: "NAME"))
    var moods: [String] = []

    @Option(
        name: .customLong("theme"),
        help: ArgumentHelp("Theme of the kind given with --kind (repeatable).", valueName: "NAME"))
    var themes: [String] = []

    @Option(
        name: .customLong("creature-type"),
        help: ArgumentHelp("Creature type name or id (repeatable).", valueName: "NAME"))
    var creatureTypes: [String] = []

    var isEmpty: Bool { locations.isEmpty && moods.isEmpty && themes.isEmpty && creatureTypes.isEmpty }

    /// The names per dimension; `--theme` means the theme dimension of `kind`.
    func names(kind: Kind?) throws -> [TagDimension: [String]] {
        var result: [TagDimension: [String]] = [.location: locations, .mood: moods, .creatureType: creatureTypes]
        if !themes.isEmpty {
            guard let kind else {
                throw ValidationError("--theme needs --kind (music, atmosphere or sfx): each kind has its own themes")
            }
            result[kind.themeDimension] = themes
        }
        return result.filter { !$0.value.isEmpty }
    }

    func resolve(with library: Library, kind: Kind?) async throws -> Filters {
        try await library.resolver.resolve(try names(kind: kind))
    }
}
