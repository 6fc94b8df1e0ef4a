import Crypto
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension S3Client {
    /// CreateMultipartUpload → UploadPart (at most `partsInFlight` at once, each hashed and then
    /// sent straight from the file) → CompleteMultipartUpload; any failure aborts the upload so
    /// no parts are left behind (and billed).
    func putMultipart(_ upload: ObjectUpload, progress: @escaping @Sendable (Int64) -> Void) async throws {
        try upload.slice.checkFileSize(upload.bytes)
        let (created, _) = try await send(
            Call(
                operation: "CreateMultipartUpload", method: "POST", key: upload.key,
                query: [("uploads", "")], headers: upload.headers))
        guard let uploadID = XMLFields.first("UploadId", in: String(decoding: created, as: UTF8.self)),
            !uploadID.isEmpty
        else {
            throw ObjectStoreError.malformedResponse(
                operation: "CreateMultipartUpload", bucket: bucket, key: upload.key)
        }
        do {
            let etags = try await uploadParts(upload, uploadID: uploadID, progress: progress)
            let body =
                "<CompleteMultipartUpload>"
                + etags.enumerated().map { index, etag in
                    "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(XMLFields.escape(etag))</ETag></Part>"
                }.joined() + "</CompleteMultipartUpload>"
            _ = try await send(
                Call(
                    operation: "CompleteMultipartUpload", method: "POST", key: upload.key,
                    query: [("uploadId", uploadID)], headers: [("Content-Type", "application/xml")],
                    body: Data(body.utf8), errorsMayArriveWith200: true))
        } catch {
            await abortMultipart(key: upload.key, uploadID: uploadID)
            throw error
        }
    }

    /// AbortMultipartUpload, best effort (a failure here leaves nothing more to do than report
    /// the original error).
    func abortMultipart(key: String, uploadID: String) async {
        _ = try? await send(
            Call(operation: "AbortMultipartUpload", method: "DELETE", key: key, query: [("uploadId", uploadID)]),
            allowNotFound: true)
    }

    private func uploadParts(
        _ upload: ObjectUpload, uploadID: String,
        progress: @escaping @Sendable (Int64) -> Void
    ) async throws -> [String] {
        let partSize = multipart.partSize
        let partCount = Int((upload.bytes + Int64(partSize) - 1) / Int64(partSize))
        var etags = [String](repeating: "", count: partCount)
        // A failure stops new parts from starting; the parts in flight finish rather than being
        // cancelled (cancelling a URLSession request while it starts can deadlock
        // FoundationNetworking on Linux); then the first failure is thrown.
        let failure: (any Error)? = await withTaskGroup(of: Result<(Int, String), any Error>.self) { group in
            var inFlight = 0
            var failure: (any Error)?
            func collect(_ result: Result<(Int, String), any Error>) {
                inFlight -= 1
                switch result {
                case .success(let (number, etag)): etags[number - 1] = etag
                case .failure(let error): failure = failure ?? error
                }
            }
            for number in 1...partCount {
                if inFlight == multipart.partsInFlight, let finished = await group.next() { collect(finished) }
                guard failure == nil else { break }
                let offset = Int64(partSize) * Int64(number - 1)
                let part = FileSlice(
                    url: upload.file, offset: offset, length: min(Int64(partSize), upload.bytes - offset))
                group.addTask {
                    do {
                        let done = try await self.uploadPart(part, number: number, of: upload, uploadID: uploadID)
                        progress(part.length)
                        return .success(done)
                    } catch { return .failure(error) }
                }
                inFlight += 1
            }
            while let finished = await group.next() { collect(finished) }
            return failure
        }
        if let failure { throw failure }
        return etags
    }

    private func uploadPart(_ part: FileSlice, number: Int, of upload: ObjectUpload, uploadID: String) async throws
        -> (Int, String)
    {
        let (_, response) = try await send(
            Call(
                operation: "UploadPart", method: "PUT", key: upload.key,
                query: [("partNumber", "\(number)"), ("uploadId", uploadID)],
                file: part, payloadHash: try part.sha256Hex()))
        guard let etag = response.value(forHTTPHeaderField: "ETag") else {
            throw ObjectStoreError.malformedResponse(operation: "UploadPart", bucket: bucket, key: upload.key)
        }
        return (number, etag)
    }
}
