import Foundation

// soundshelf-bench: release-build benchmarks that print their figures.
//   soundshelf-bench pack [--mib 1024] [--files 64] [--rounds 2]
//   soundshelf-bench analysis [--mib 1024] [--files 16] [--rounds 1]
//   soundshelf-bench add [--files 5000] [--rounds 3]   (packer add of files with and without metadata)
//   soundshelf-bench install [--mib 1024] [--rounds 2]
//   soundshelf-bench update [--mib 1024] [--files 200] [--changed 2]   (push and install of a pack's v2)
//   soundshelf-bench catalog [--items 100000] [--queries 200]
//   soundshelf-bench catalog-facets ROOT [--runs 15]   (client facets on a synced root: processes, in process)
//   soundshelf-bench sync [--items 100000] [--rounds 4]
//   soundshelf-bench plays [--plays 1000000] [--targets 20000] [--rounds 5]
//   soundshelf-bench music [--tracks 10000] [--rounds 3]
//   soundshelf-bench serve [--items 100000] [--connections 50] [--seconds 20]   (needs wrk)
//   soundshelf-bench facets [--items 100000]   (the facet index in process; default 10k, 100k and 1M)
//   soundshelf-bench publish [--packs 100] [--items 100] [--folder DIR] [--keep]   (validate and publish a source)
// Each command is one `case` calling one `run(_:)` that returns the printable report.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "pack":
        print(try PackBench.run(Array(arguments.dropFirst())))
    case "analysis":
        print(try AnalysisBench.run(Array(arguments.dropFirst())))
    case "add":
        print(try AddBench.run(Array(arguments.dropFirst())))
    case "install":
        print(try InstallBench.run(Array(arguments.dropFirst())))
    case "update":
        print(try await UpdateBench.run(Array(arguments.dropFirst())))
    case "catalog":
        print(try await CatalogBench.run(Array(arguments.dropFirst())))
    case "catalog-facets":
        print(try await FacetProcessBench.run(Array(arguments.dropFirst())))
    case "delta":
        print(try DeltaBench.run(Array(arguments.dropFirst())))
    case "sync":
        print(try SyncBench.run(Array(arguments.dropFirst())))
    case "plays":
        print(try await PlaysBench.run(Array(arguments.dropFirst())))
    case "music":
        print(try await MusicBench.run(Array(arguments.dropFirst())))
    case "serve":
        print(try await ServeBench.run(Array(arguments.dropFirst())))
    case "facets":
        let sizes = BenchArgs.int(arguments, "--items").map { [$0] } ?? [10_000, 100_000, 1_000_000]
        print(FacetBench.runAll(sizes: sizes, seed: 42))
    case "publish":
        print(try PublishBench.run(Array(arguments.dropFirst())))
    case "catalog-child":  // the child processes `catalog` spawns (generate, import)
        print(try await CatalogBench.runChild(Array(arguments.dropFirst())))
    default:
        print(
            "usage: soundshelf-bench pack [--mib N] [--files N] [--rounds N]\n       soundshelf-bench analysis [--mib N] [--files N] [--rounds N]\n       soundshelf-bench add [--files N] [--rounds N]\n       soundshelf-bench install [--mib N] [--rounds N]\n       soundshelf-bench update [--mib N] [--files N] [--changed N]\n       soundshelf-bench catalog [--items N] [--queries N]\n       soundshelf-bench catalog-facets ROOT [--runs N]\n       soundshelf-bench sync [--items N] [--rounds N]\n       soundshelf-bench plays [--plays N] [--targets N] [--rounds N]\n       soundshelf-bench music [--tracks N] [--rounds N]\n       soundshelf-bench serve [--items N] [--connections N] [--seconds N]\n       soundshelf-bench facets [--items N]\n       soundshelf-bench delta [--items N]\n       soundshelf-bench publish [--packs N] [--items N] [--folder DIR] [--keep]"
        )
        exit(arguments.isEmpty ? 0 : 2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
