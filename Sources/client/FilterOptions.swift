import ArgumentParser
import CatalogFormat
import LibraryClient
import LibraryJSON

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

    @Flag(help: "Only items whose pack is installed.") var installed = false

    /// The flags as the shared filter names; `--theme` without `--kind` is a usage error.
    func names(kind: Kind?) throws -> FilterNames {
        let names = FilterNames(locations: locations, moods: moods, themes: themes, creatureTypes: creatureTypes)
        do {
            _ = try names.names(kind: kind)
        } catch {
            throw ValidationError("--theme needs --kind (music, atmosphere or sfx): each kind has its own themes")
        }
        return names
    }
}
