// swift-tools-version:6.3
import PackageDescription

let package = Package(
    name: "Soundshelf",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .library(name: "CatalogFormat", targets: ["CatalogFormat"]),
        .library(name: "CatalogModel", targets: ["CatalogModel"]),
        .library(name: "LibraryClient", targets: ["LibraryClient"]),
        .library(name: "PackBuilder", targets: ["PackBuilder"]),
        .library(name: "CatalogPublisher", targets: ["CatalogPublisher"]),
        .executable(name: "packer", targets: ["packer"]),
        .executable(name: "catalog", targets: ["catalog"]),
        .executable(name: "client", targets: ["client"]),
        .executable(name: "soundshelf-relay", targets: ["soundshelf-relay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // The relay's WebSocket (server side) and `client serve --relay`'s outbound one (client side).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        // Hummingbird's own dependencies, named for the server's graceful shutdown and its logger.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
    ],
    targets: [
        // The published formats an app reads: seed, manifest, catalog.json, signatures, ids, tag
        // names as data, SHA-256, ISO 8601, the catalog location, atomic files. Foundation, Crypto
        // and POSIXWrite only, so LibraryClient links no authoring code.
        .target(
            name: "CatalogFormat",
            dependencies: ["POSIXWrite", .product(name: "Crypto", package: "swift-crypto")]),
        // Authoring: YAML reading with source maps, validators, audio rules (audio headers through
        // AudioProbe); re-exports CatalogFormat.
        .target(name: "CatalogModel", dependencies: ["CatalogFormat", "AudioProbe", "Yams", "Licenses", "UCS"]),
        // The license ids the tools know, as data (templates/licenses.json built in); Foundation only.
        .target(name: "Licenses"),
        // The Universal Category System list as data (templates/ucs.json built in); Foundation only.
        .target(name: "UCS"),
        // Pure-Swift audio header parsers (Foundation only).
        .target(name: "AudioProbe"),
        // libarchive as a system library; only PackArchive calls it.
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // The one write-everything loop (EINTR, short writes) shared by the modules that write files.
        .target(name: "POSIXWrite"),
        // Pure-Swift reading of pack archives (ustar/pax subset) and the manifest-driven entry
        // policy; what LibraryClient uses, so an app links no libarchive (the iOS SDK has none).
        .target(name: "PackTar"),
        // Writing pack archives (pax through libarchive, streamed): the authoring side's half of
        // PackTar, which reads them.
        .target(name: "PackArchive", dependencies: ["CArchive", "POSIXWrite", "PackTar"]),
        // zlib as a system library (Apple's SDKs and every Linux have it), called only through Gzip.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // gzip members written deterministically and read back as a stream, in bounded memory.
        .target(name: "Gzip", dependencies: ["CZlib"]),
        // libcurl as a system library, Linux only, called only through CurlHTTP.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // The one libcurl wrapper (Linux only: an easy handle's options, error buffer and callbacks
        // as closures), shared by LibraryClient's downloads and ObjectStore's S3 requests.
        .target(name: "CurlHTTP", dependencies: [.target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // Open-file flags Swift's Glibc module does not import (O_DIRECT needs _GNU_SOURCE).
        .target(name: "CFileFlags"),
        // FFmpeg's libraries and libebur128 as system libraries; only AudioAnalysis calls them
        // (AudioDecoder and LoudnessMeter), and LibraryClient never links them.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"]), .brew(["ffmpeg"]),
            ]
        ),
        .systemLibrary(
            name: "CEBUR128",
            pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]
        ),
        // Decoding (any of the seven formats → float PCM), EBU R128 loudness, true peak, loop
        // marks, waveform peaks and the analysis cache; used by PackBuilder.
        .target(name: "AudioAnalysis", dependencies: ["CatalogModel", "CFFmpeg", "CEBUR128"]),
        // What the authoring tools learned of each source file (pack checks, the last publish),
        // keyed by the files' stats, in one SQLite file of the build caches.
        .target(
            name: "BuildState",
            dependencies: [
                "Gzip", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // `packer build`/`validate`/`add`: a pack's audio checked, analysed and written as a pack
        // version (manifest, archive, assets) in one streamed pass.
        .target(
            name: "PackBuilder",
            dependencies: [
                "CatalogModel", "AudioProbe", "AudioAnalysis", "PackArchive", "POSIXWrite", "CFileFlags", "Yams",
                "BuildState", "UCS",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // S3 API requests, SigV4 signing, listing, multipart; no Soundshelf types.
        .target(
            name: "ObjectStore",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .target(name: "CurlHTTP", condition: .when(platforms: [.linux])),
            ]),
        // `catalog publish`, `push`, `prune`, `verify`, `keygen` and `keys`: the published folder,
        // its pages, its root of trust, and S3 uploads through ObjectStore.
        .target(
            name: "CatalogPublisher",
            dependencies: [
                "CatalogModel", "PackBuilder", "BuildState", "ObjectStore", "Licenses", "Gzip",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The facet index: per-value posting lists, counts and list pages over tag filters, saved in a
        // checksummed file read in place and patched section by section. Foundation and CatalogFormat
        // only: it knows items by number and tags by id, not the database.
        .target(name: "FacetEngine", dependencies: ["CatalogFormat"]),
        // What an app links: sync, the SQLite library, installs, queries and facets, music, plays,
        // favorites and scenes, trust. Never links the authoring side (DependencyClosureTests).
        .target(
            name: "LibraryClient",
            dependencies: [
                "CatalogFormat", "FacetEngine", "Licenses", "UCS", "PackTar", "Gzip",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
                .target(name: "CurlHTTP", condition: .when(platforms: [.linux])),
            ]),
        // Shared pieces of the three command-line tools (output, errors, option groups).
        .target(
            name: "CommandSupport",
            dependencies: [
                "CatalogFormat", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The authoring tool: thin commands over CatalogModel and PackBuilder.
        .executableTarget(
            name: "packer",
            dependencies: [
                "CommandSupport", "CatalogModel", "PackBuilder", "BuildState",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The publishing tool: thin commands over CatalogPublisher.
        .executableTarget(
            name: "catalog",
            dependencies: [
                "CommandSupport", "CatalogModel", "CatalogPublisher", "PackBuilder", "BuildState",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The CLI's JSON shapes and encoder, shared by `client` and the web server so they cannot drift.
        .target(name: "LibraryJSON", dependencies: ["CatalogFormat", "LibraryClient"]),
        // `client serve`: the HTTP API and the embedded soundboard page over LibraryClient.
        .target(
            name: "SoundshelfServer",
            dependencies: [
                "CatalogFormat", "LibraryClient", "LibraryJSON",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The relay (SPEC §22): sessions of listening along held in memory for game masters whose
        // `client serve` connects out to it; it reuses SoundshelfServer's listen-along pieces (the
        // hub, the events, the listen page) and stores no library.
        .target(
            name: "SoundshelfRelay",
            dependencies: [
                "SoundshelfServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `soundshelf-relay`: a thin command over SoundshelfRelay.
        .executableTarget(
            name: "soundshelf-relay",
            dependencies: [
                "SoundshelfRelay", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The app's library from a terminal, and `client serve`: thin commands over LibraryClient.
        .executableTarget(
            name: "client",
            dependencies: [
                "CommandSupport", "CatalogFormat", "LibraryClient", "LibraryJSON", "SoundshelfServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Deterministic synthetic data (seeded generator, catalogs, WAV headers) for the
        // benchmarks and the tests; not part of any product.
        .target(
            name: "SyntheticData", dependencies: ["CatalogModel", .product(name: "Crypto", package: "swift-crypto")]),
        // The benchmarks of docs/PERFORMANCE.md (release builds, figures printed).
        .executableTarget(
            name: "soundshelf-bench",
            dependencies: [
                "CatalogModel", "CatalogPublisher", "LibraryClient", "SyntheticData", "Gzip",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The tests' shared helpers: temporary folders, the built tools, nginx, moto, Chromium, a
        // fault-injecting HTTP server, small disks.
        .target(
            name: "TestSupport",
            dependencies: [
                "CatalogModel", "SyntheticData", "Gzip", .product(name: "Crypto", package: "swift-crypto"),
            ], path: "Tests/TestSupport"),
        .testTarget(
            name: "BuildStateTests",
            dependencies: ["BuildState", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // The published formats: seed and catalog.json decoding, the streamed seed reader, deltas, JSON lines.
        .testTarget(name: "CatalogFormatTests", dependencies: ["CatalogFormat", "TestSupport", "SyntheticData"]),
        // The authoring side's YAML, validators and rules; the license and UCS lists it reads.
        .testTarget(
            name: "CatalogModelTests",
            dependencies: ["CatalogModel", "CatalogFormat", "Licenses", "UCS", "TestSupport", "SyntheticData"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AudioProbeTests", dependencies: ["AudioProbe", "TestSupport", "SyntheticData"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "AudioAnalysisTests", dependencies: ["AudioAnalysis", "TestSupport"]),
        .testTarget(
            name: "PackArchiveTests", dependencies: ["PackArchive", "PackTar", "TestSupport", "SyntheticData"]),
        .testTarget(
            name: "PackBuilderTests",
            dependencies: ["PackBuilder", "AudioAnalysis", "PackArchive", "TestSupport", "SyntheticData"]),
        .testTarget(name: "CatalogPublisherTests", dependencies: ["CatalogPublisher", "Licenses", "TestSupport"]),
        // The facet index on its own: building, counting, pages, its file and patches, against a brute-force model.
        .testTarget(name: "FacetEngineTests", dependencies: ["FacetEngine", "SyntheticData"]),
        .testTarget(
            name: "LibraryClientTests",
            dependencies: ["LibraryClient", "TestSupport", "SyntheticData", "CatalogPublisher"]),
        .testTarget(
            name: "ObjectStoreTests",
            dependencies: [
                "ObjectStore", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
        // `client serve`: its router in-process (HummingbirdTesting), and the built executable for start-up,
        // signals and the network.
        .testTarget(
            name: "SoundshelfServerTests",
            dependencies: [
                "SoundshelfServer", "LibraryClient", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        // The relay in-process (HummingbirdTesting, live): sessions, tokens, the owner's WebSocket.
        .testTarget(
            name: "SoundshelfRelayTests",
            dependencies: [
                "SoundshelfRelay", "SoundshelfServer", "CatalogFormat", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]),
        // The shared test helpers' own tests (the fault-injecting HTTP server, nginx on loopback).
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "POSIXWriteTests", dependencies: ["POSIXWrite", "TestSupport"]),
        .testTarget(name: "GzipTests", dependencies: ["Gzip"]),
    ],
    swiftLanguageModes: [.v6]
)
