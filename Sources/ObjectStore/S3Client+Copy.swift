import Foundation

extension S3Client {
    /// The largest object one CopyObject request may copy (S3's limit); larger objects would need
    /// UploadPartCopy, and are uploaded instead.
    package static let copyLimit: Int64 = 5 << 30

    /// CopyObject: stores under `upload.key` the bytes the bucket already holds under `sourceKey`,
    /// without sending them — `x-amz-copy-source` (the source's bucket and key, URL-encoded, signed
    /// like every header) with `x-amz-metadata-directive: REPLACE`, so the copy carries the same
    /// `Content-Type`, `Cache-Control` and `x-amz-meta-sha256` an upload of `upload` would.
    /// A refusal (see ``isCopyRefusal(_:)``) lets the caller upload instead.
    package func copy(from sourceKey: String, to upload: ObjectUpload) async throws {
        let source = "/" + SigV4Encoding.encode(bucket) + "/" + SigV4Encoding.encodePath(sourceKey)
        _ = try await send(
            Call(
                operation: "CopyObject", method: "PUT", key: upload.key,
                headers: upload.headers + [
                    ("x-amz-copy-source", source), ("x-amz-metadata-directive", "REPLACE"),
                ],
                payloadHash: SigV4Signer.emptyPayloadHash, errorsMayArriveWith200: true))
    }

    /// Whether `error` says the store does not do server-side copies here (501, 403, or the code
    /// `NotImplemented`), as opposed to a failure that uploading would meet too.
    package static func isCopyRefusal(_ error: any Error) -> Bool {
        guard case .requestFailed(_, _, _, let status, let code, _) = error as? ObjectStoreError else { return false }
        return status == 501 || status == 403 || code == "NotImplemented"
    }
}
