import CatalogModel
import Foundation
import LibraryClient

/// What a user waits for when a new process opens a large library: the first filtered list page
/// (the facet index and the list order loaded from their files). Whole `client facets` runs
/// against the binary's start-up are ``FacetProcessBench``'s.
enum FreshProcessBench {
    /// Child processes each time their first list page (written to a file, since the child's
    /// standard output is discarded); returns the report rows.
    static func run(root: URL, filters: [(Kind, Filters)], processes: Int) throws -> [String] {
        let me = CommandLine.arguments[0]
        let out = root.deletingLastPathComponent().appendingPathComponent("first-list.txt")
        var first: [Double] = []
        var open: [Double] = []
        for i in 0..<processes {
            let (kind, filters) = filters[i % filters.count]
            try? FileManager.default.removeItem(at: out)
            let outcome = try BenchProcess.run(
                me, ["catalog-child", "first-list", root.path, out.path, kind.rawValue, encode(filters)])
            guard outcome.status == 0, let text = try? String(contentsOf: out, encoding: .utf8) else {
                throw BenchFailure(message: "catalog-child first-list failed (status \(outcome.status))")
            }
            let figures = text.split(separator: " ").compactMap { Double($0) }
            guard figures.count == 2 else { throw BenchFailure(message: "unexpected first-list output: \(text)") }
            open.append(figures[0])
            first.append(figures[1])
        }
        return [
            CatalogBench.row("open the library (fresh process)", CatalogBench.Stats(open).text),
            CatalogBench.row("first list page of 50 (fresh process)", CatalogBench.Stats(first).text),
        ]
    }

    /// The child: opens the library, times one list page, writes "openSeconds firstSeconds".
    static func child(_ args: [String]) async throws -> String {
        guard args.count >= 4, let kind = Kind(rawValue: args[2]) else {
            throw BenchFailure(message: "usage: catalog-child first-list ROOT OUT KIND FILTERS")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let library = try Library(root: URL(fileURLWithPath: args[0]), mode: .facetIndex)
        let opened = DispatchTime.now().uptimeNanoseconds
        _ = try await library.items.fetchItems(
            kind: kind, filters: decode(args[3]), sort: .title, page: PageRequest(limit: 50))
        let done = DispatchTime.now().uptimeNanoseconds
        if ProcessInfo.processInfo.environment["FIRST_LIST_DETAIL"] != nil {
            let again = DispatchTime.now().uptimeNanoseconds
            _ = try await library.items.fetchItems(
                kind: kind, filters: decode(args[3]), sort: .title, page: PageRequest(limit: 50))
            let second = DispatchTime.now().uptimeNanoseconds
            print("second \(Double(second - again) / 1e6) ms")
        }
        let text = "\(Double(opened - started) / 1e9) \(Double(done - opened) / 1e9)"
        try text.write(toFile: args[1], atomically: true, encoding: .utf8)
        return text
    }

    /// Filters as `dimension=id,id;dimension=id` (value ids of the library's own tables).
    static func encode(_ filters: Filters) -> String {
        TagDimension.allCases.compactMap { dim in
            filters[dim].isEmpty ? nil : "\(dim.rawValue)=" + filters[dim].map(String.init).joined(separator: ",")
        }.joined(separator: ";")
    }

    static func decode(_ text: String) -> Filters {
        var filters = Filters()
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let dim = TagDimension(rawValue: String(pair[0])) else { continue }
            filters[dim] = pair[1].split(separator: ",").compactMap { Int64($0) }
        }
        return filters
    }
}
