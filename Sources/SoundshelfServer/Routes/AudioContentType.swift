import Foundation

/// The content type of an audio file, by its extension.
enum AudioContentType {
    static let byExtension: [String: String] = [
        "wav": "audio/wav", "aif": "audio/aiff", "aiff": "audio/aiff", "aifc": "audio/aiff", "flac": "audio/flac",
        "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "mp4": "audio/mp4", "aac": "audio/aac", "caf": "audio/x-caf",
    ]

    static func forFile(_ url: URL) -> String {
        byExtension[url.pathExtension.lowercased()] ?? "application/octet-stream"
    }
}
