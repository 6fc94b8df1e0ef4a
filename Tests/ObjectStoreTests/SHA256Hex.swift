import Crypto
import Foundation

/// SHA-256 of test bodies.
enum SHA256Hex {
    static func digest(_ data: Data) -> [UInt8] { Array(SHA256.hash(data: data)) }
}
