import Foundation
import Hummingbird
import LibraryClient

/// `GET /audio/{itemId}`: an installed item's file, looked up by id only (the library resolves the
/// path; nothing else on disk is reachable), with its content type, `Range` (206, 416), `ETag` and
/// `If-None-Match` (304). 404 when the item is not installed. The same files are at
/// `/listen/audio/…` for the listen page (whose cookie is scoped to `/listen`).
package struct AudioRoutes {
    let api: APIContext

    func register(on router: Router<BasicRequestContext>) {
        let files = FileIO()
        for prefix in ["/audio", "/listen/audio"] { register(on: router, prefix: prefix, files: files) }
    }

    private func register(on router: Router<BasicRequestContext>, prefix: String, files: FileIO) {
        let library = api.library
        router.get("\(prefix)/{itemId}") { request, context in
            let id = try context.parameter("itemId")
            guard Self.isPlainID(id) else {
                throw APIError.badRequest("'\(id)' is not an item id; give the id of an installed item")
            }
            guard let audio = try await library.items.fetchInstalledAudio(itemID: id) else {
                throw APIError.notFound("item \(id) has no installed audio; install its pack first")
            }
            return try await Self.response(for: audio, request: request, context: context, files: files)
        }
        registerTakes(on: router, prefix: prefix, files: files)
    }

    /// The file with its content type, `Range` (206, 416), `ETag` and `If-None-Match` (304).
    static func response(
        for audio: InstalledAudio, request: Request, context: BasicRequestContext, files: FileIO
    ) async throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = AudioContentType.forFile(audio.file)
        headers[.acceptRanges] = "bytes"
        headers[.eTag] = Self.etag(audio)
        headers[.cacheControl] = "no-cache"
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: Self.etag(audio)) {
            return Response(status: .notModified, headers: headers)
        }
        let size = Int(audio.bytes)
        switch ByteRange.parse(request.headers[.range], size: size) {
        case .whole:
            headers[.contentLength] = String(size)
            let body =
                size == 0 ? ResponseBody() : try await files.loadFile(path: audio.file.path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = String(range.count)
            let body = try await files.loadFile(path: audio.file.path, range: range, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            headers[.contentType] = "application/json; charset=utf-8"
            let response = JSONResponse.error(
                "the requested range is outside the file (\(size) bytes)", status: .rangeNotSatisfiable)
            var merged = response
            merged.headers[.contentRange] = headers[.contentRange]
            return merged
        }
    }

    /// Ids are UUIDs: anything with a path separator, a dot-dot, an escape or a NUL is refused.
    package static func isPlainID(_ id: String) -> Bool {
        !id.isEmpty && !id.contains("..") && !id.contains(where: { "/\\%\0".contains($0) })
    }

    /// A strong validator: the file's SHA-256 when the manifest declared one, else its size.
    static func etag(_ audio: InstalledAudio) -> String {
        "\"\(audio.sha256 ?? "size-\(audio.bytes)")\""
    }

    /// Whether an `If-None-Match` list names `etag` (or is `*`).
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains {
            let tag = $0.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
