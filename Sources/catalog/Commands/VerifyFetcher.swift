import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads one published file for `catalog verify`: `file://` URLs from disk, `http(s)://` URLs with
/// one GET. A failure states what happened to which URL; the verifier lists it as a problem.
struct VerifyFetcher: Sendable {
    /// Bodies larger than this are refused (no published document or archive comes near it).
    var limit = Int(Int32.max)
    var timeout: TimeInterval = 60

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func fetch(_ url: URL) async throws -> Data {
        if url.isFileURL {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
            guard let size else { throw Failure(description: "\(url.path): no such file") }
            guard size <= limit else { throw Failure(description: "\(url.path): larger than \(limit) bytes") }
            do { return try Data(contentsOf: url) } catch {
                throw Failure(description: "\(url.path): \(error.localizedDescription)")
            }
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Failure(description: "\(url.absoluteString): not a file, http or https URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let data: Data
        let response: URLResponse
        do { (data, response) = try await URLSession.shared.data(for: request) } catch {
            throw Failure(description: "\(url.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        guard (200..<300).contains(status) else {
            throw Failure(description: "\(url.absoluteString): the server answered HTTP \(status)")
        }
        guard data.count <= limit else {
            throw Failure(description: "\(url.absoluteString): larger than \(limit) bytes")
        }
        return data
    }
}
