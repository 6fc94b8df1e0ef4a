import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An object as a listing or HEAD reports it.
package struct StoredObject: Sendable, Equatable {
    package var key: String
    package var bytes: Int64
    /// The `x-amz-meta-sha256` metadata, when the answer carried it.
    package var sha256: String?

    package init(key: String, bytes: Int64, sha256: String?) {
        self.key = key
        self.bytes = bytes
        self.sha256 = sha256
    }
}

/// A local file to store under `key` with these headers.
package struct ObjectUpload: Sendable {
    package var key: String
    package var file: URL
    package var bytes: Int64
    package var sha256: String
    package var contentType: String
    package var cacheControl: String

    package init(key: String, file: URL, bytes: Int64, sha256: String, contentType: String, cacheControl: String) {
        self.key = key
        self.file = file
        self.bytes = bytes
        self.sha256 = sha256
        self.contentType = contentType
        self.cacheControl = cacheControl
    }

    /// The whole file as a request body.
    var slice: FileSlice { FileSlice(url: file, offset: 0, length: bytes) }

    var headers: [(name: String, value: String)] {
        [("Content-Type", contentType), ("Cache-Control", cacheControl), ("x-amz-meta-sha256", sha256)]
    }
}

extension S3Client {
    /// Every object under `prefix` (ListObjectsV2, all pages of up to `pageSize` keys; the
    /// store's default, 1000, without it).
    package func listObjects(prefix: String, pageSize: Int? = nil) async throws -> [StoredObject] {
        var objects: [StoredObject] = []
        try await listObjects(prefix: prefix, pageSize: pageSize) { objects += $0 }
        return objects
    }

    /// Every object under `prefix`, a page at a time to `page` (nothing holds the whole listing).
    package func listObjects(
        prefix: String, pageSize: Int? = nil, page: ([StoredObject]) throws -> Void
    ) async throws {
        var token: String?
        repeat {
            var query: [(name: String, value: String)] = [("list-type", "2"), ("prefix", prefix)]
            if let token { query.append(("continuation-token", token)) }
            if let pageSize { query.append(("max-keys", "\(pageSize)")) }
            let (data, _) = try await send(Call(operation: "ListObjectsV2", method: "GET", key: "", query: query))
            let text = String(decoding: data, as: UTF8.self)
            guard text.contains("<ListBucketResult") else {
                throw ObjectStoreError.malformedResponse(operation: "ListObjectsV2", bucket: bucket, key: prefix)
            }
            var objects: [StoredObject] = []
            for block in XMLFields.blocks("Contents", in: text) {
                guard let key = XMLFields.first("Key", in: block),
                    let size = XMLFields.first("Size", in: block).flatMap({ Int64($0) })
                else {
                    throw ObjectStoreError.malformedResponse(operation: "ListObjectsV2", bucket: bucket, key: prefix)
                }
                objects.append(StoredObject(key: key, bytes: size, sha256: nil))
            }
            try page(objects)
            let truncated = XMLFields.first("IsTruncated", in: text) == "true"
            token = truncated ? XMLFields.first("NextContinuationToken", in: text) : nil
            if truncated, token == nil {
                throw ObjectStoreError.malformedResponse(operation: "ListObjectsV2", bucket: bucket, key: prefix)
            }
        } while token != nil
    }

    /// HEAD: the object's size and stored SHA-256, or nil when there is no such object.
    package func headObject(key: String) async throws -> StoredObject? {
        let (_, response) = try await send(Call(operation: "HeadObject", method: "HEAD", key: key), allowNotFound: true)
        guard response.statusCode != 404 else { return nil }
        let bytes = response.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) } ?? -1
        return StoredObject(key: key, bytes: bytes, sha256: response.value(forHTTPHeaderField: "x-amz-meta-sha256"))
    }

    /// Stores `upload`: one PUT, or a multipart upload above the policy's threshold.
    /// `progress` receives byte counts as they are sent (per request or part).
    package func put(_ upload: ObjectUpload, progress: @escaping @Sendable (Int64) -> Void = { _ in }) async throws {
        if upload.bytes > multipart.threshold {
            try await putMultipart(upload, progress: progress)
            return
        }
        try upload.slice.checkFileSize(upload.bytes)
        _ = try await send(
            Call(
                operation: "PutObject", method: "PUT", key: upload.key, headers: upload.headers,
                file: upload.slice, payloadHash: upload.sha256))
        progress(upload.bytes)
    }
}
