import CatalogFormat
import Crypto
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// What an app shows of its trust: the root's figures, and a warning in the last 30 days.
@Suite struct TrustStateTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func state(expiringIn days: Double) throws -> TrustState {
        let fixture = RootFixture(folder: URL(fileURLWithPath: "/nonexistent"))
        var document = fixture.document(.init(keys: [1, 2, 3], threshold: 2, sigs: []), number: 4)
        document.expires = ISO8601.string(now.addingTimeInterval(days * 86_400))
        let trust = CatalogTrust(root: document, rootBytes: try document.encoded(), key: nil)
        return TrustState(trust: trust, now: now)
    }

    @Test func aRootFarFromItsExpiryHasNoWarning() throws {
        let trust = try state(expiringIn: 40)
        #expect(trust.source == .root && trust.version == 4 && trust.root?.threshold == 2)
        #expect(trust.root?.keyids.count == 3 && trust.catalog?.keyids.count == 1)
        #expect(trust.warning == nil)
    }

    @Test func theLast30DaysWarnWithTheDaysLeft() throws {
        #expect(try state(expiringIn: 10.5).warning?.contains("expires in 10 days") == true)
        #expect(try state(expiringIn: 29.9).warning != nil)
        #expect(try state(expiringIn: -1).warning?.contains("expired at") == true)
    }

    @Test func oneKeyHasNoExpiryAndNothingTrustedSaysSo() throws {
        let key = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation.base64EncodedString()
        let trust = TrustState(trust: try CatalogTrust.key(key), now: now)
        #expect(trust.source == .key && trust.version == 1 && trust.expires == nil && trust.warning == nil)
        #expect(TrustState(trust: nil, now: now) == .nothing)
        let json = String(decoding: try JSONEncoder().encode(TrustState.nothing), as: UTF8.self)
        #expect(json.contains("\"warning\":null") && json.contains("\"root\":null"), "\(json)")
    }
}
