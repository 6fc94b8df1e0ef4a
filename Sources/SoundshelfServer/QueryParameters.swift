import CatalogFormat
import Foundation
import Hummingbird
import LibraryClient
import LibraryJSON

/// A request's query parameters read as the CLI's flags: the same names (`creatureType` for
/// `--creature-type`), the same allowed values, repeatable filters.
struct QueryParameters {
    let pairs: [(name: String, value: String)]

    init(_ request: Request) {
        pairs = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
    }

    func string(_ name: String) -> String? {
        pairs.first { $0.name == name && !$0.value.isEmpty }?.value
    }

    func all(_ name: String) -> [String] { pairs.filter { $0.name == name && !$0.value.isEmpty }.map(\.value) }

    /// A value of a raw-value type (`kind`, `sort`, `period`, …); an unknown one is a 400.
    /// Whether `name` is set to `1` or `true` (`installed=1`).
    func flag(_ name: String) -> Bool {
        guard let value = string(name)?.lowercased() else { return false }
        return value == "1" || value == "true"
    }

    func value<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw LibraryQueryError.invalidValue(name: name, value: text, expected: "one of \(allowed)")
        }
        return value
    }

    /// A whole number of at least `minimum`.
    func int(_ name: String, minimum: Int = 0) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw LibraryQueryError.invalidValue(
                name: name, value: text, expected: "a whole number of \(minimum) or more")
        }
        return number
    }

    /// `location`, `mood`, `theme`, `creatureType` (each repeatable).
    var filters: FilterNames {
        FilterNames(
            locations: all("location"), moods: all("mood"), themes: all("theme"),
            creatureTypes: all("creatureType"))
    }

    /// `limit` (default 100), `offset`, `after`.
    func page() throws -> PageRequest {
        var request = PageRequest(limit: try int("limit") ?? 100, offset: try int("offset") ?? 0)
        request.after = string("after").map(PageCursor.init)
        return request
    }
}

extension Request {
    /// The JSON body decoded as `T` (at most `bodyLimit` bytes); a malformed one is a 400 naming the problem.
    func decodeJSON<T: Decodable>(as type: T.Type) async throws -> T {
        var request = self
        let buffer = try await request.collectBody(upTo: Self.bodyLimit)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch {
            throw APIError.badRequest("the request body is not the expected JSON: \(error)")
        }
    }
}

extension BasicRequestContext {
    /// A path parameter; the router only matches when it is there.
    func parameter(_ name: String) throws -> String {
        guard let value = parameters.get(name) else { throw APIError.badRequest("\(name) is missing") }
        return value
    }
}
