import Foundation
import Hummingbird
import SoundshelfServer

/// The relay's answers: JSON objects, errors as `{"error"}`, files with `Range`.
enum RelayJSON {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }

    static func error(_ error: RelayError) -> Response {
        var response =
            (try? response(["error": error.description], status: error.status)) ?? Response(status: error.status)
        if case .tooManyGuesses(_, let seconds) = error { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    /// An audio file, whole or the part a `Range` header asks for; the hash is its ETag.
    static func file(_ file: RelayFileCache.File, range: String?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.acceptRanges] = "bytes"
        headers[.eTag] = "\"\(file.sha256)\""
        headers[.cacheControl] = "private, max-age=3600"
        let size = file.bytes.readableBytes
        switch ByteRange.parse(range, size: size) {
        case .whole:
            headers[.contentLength] = String(size)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.bytes))
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            headers[.contentLength] = String(part.count)
            let slice =
                file.bytes.getSlice(at: file.bytes.readerIndex + part.lowerBound, length: part.count) ?? ByteBuffer()
            return Response(status: .partialContent, headers: headers, body: ResponseBody(byteBuffer: slice))
        case .unsatisfiable:
            var response =
                (try? Self.response(
                    ["error": "the requested range is outside the file (\(size) bytes)"], status: .rangeNotSatisfiable))
                ?? Response(status: .rangeNotSatisfiable)
            response.headers[.contentRange] = "bytes */\(size)"
            return response
        }
    }
}

/// Answers a ``RelayError`` as `{"error"}` with its status (and `Retry-After` for guesses).
struct RelayErrorMiddleware: RouterMiddleware {
    typealias Context = RelayRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do { return try await next(request, context) } catch let error as RelayError { return RelayJSON.error(error) }
    }
}
