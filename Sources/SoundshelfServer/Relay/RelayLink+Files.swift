import CatalogFormat
import Foundation
import HummingbirdWSClient
import LibraryClient
import NIOCore

extension RelayLink {
    /// An installed file for the relay: `file` and its bytes in pieces, or `missing`.
    func answer(
        _ id: Int, item: String, take: Int, _ continuation: AsyncStream<Frame>.Continuation
    ) async {
        var pieces: [Frame]
        do {
            guard AudioRoutes.isPlainID(item),
                let audio = try await library.items.fetchInstalledAudio(itemID: item, take: take)
            else { throw RelayLinkError.noFile("item \(item) has no installed take \(take)") }
            let data = try Data(contentsOf: audio.file)
            guard data.count <= RelayMessage.maxFile else {
                throw RelayLinkError.noFile("item \(item) take \(take) is larger than a relay takes")
            }
            let sha = SHA256Digest.hex(of: data)
            let header = RelayMessage(
                type: .file, id: id, sha256: sha, bytes: data.count, contentType: AudioContentType.forFile(audio.file))
            pieces = [.text(try header.encoded())]
            var offset = 0
            while offset < data.count {
                let end = min(offset + RelayMessage.chunk, data.count)
                pieces.append(.binary(ByteBuffer(bytes: data[offset..<end])))
                offset = end
            }
        } catch {
            let reason = (error as? RelayLinkError).map { "\($0)" } ?? "the file cannot be read"
            pieces = [(try? RelayMessage(type: .missing, id: id, message: reason).encoded()).map { .text($0) }]
                .compactMap { $0 }
        }
        lock.withLock { for piece in pieces { continuation.yield(piece) } }
    }
}
