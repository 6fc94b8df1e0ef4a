import Foundation
import SoundshelfServer
import Testing

/// The token itself: how it is made, which ones `--token` accepts, and the comparison.
@Suite("client serve: the access token")
struct AccessTokenTests {
    @Test("a made token holds 256 random bits as 43 URL-safe characters, new each time")
    func random() {
        let tokens = (0..<200).map { _ in AccessToken.random() }
        #expect(Set(tokens).count == tokens.count)
        let urlSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy(urlSafe.contains), "\(token)")
        }
        // Every position takes many values: no fixed prefix or padding (the last character carries
        // the last 4 bits, so 16 values).
        for position in 0..<43 {
            let values = Set(tokens.map { Array($0)[position] })
            #expect(values.count > (position == 42 ? 10 : 20), "position \(position)")
        }
    }

    @Test("the comparison: equal only for the same bytes, whatever the length or where they differ")
    func matches() {
        let token = "Zq3-token_value.~"
        #expect(AccessToken.matches(token, token))
        #expect(AccessToken.matches(String(token), "Zq3-token_value.~"))
        #expect(!AccessToken.matches("Xq3-token_value.~", token))
        #expect(!AccessToken.matches("Zq3-token_value.!", token))
        #expect(!AccessToken.matches("Zq3-token_value.", token))
        #expect(!AccessToken.matches(token + "~", token))
        #expect(!AccessToken.matches("", token))
        #expect(!AccessToken.matches(token, ""))
        #expect(AccessToken.matches("", ""))
        // A prefix padded with NUL bytes is not the token (a short candidate is read as zeros).
        #expect(!AccessToken.matches("Zq3\0", "Zq3"))
        #expect(!AccessToken.matches("Zq3", "Zq3\0"))
        #expect(!AccessToken.matches("é", "e\u{301}"))
    }

    @Test("--token accepts what fits a cookie and a URL; refuses empty, spaces, quotes, commas, semicolons")
    func accepted() {
        for token in ["s3cret", "hunter2!", "a.b-c_d~e", AccessToken.random(), "p@ss:word/+="] {
            #expect(AccessToken.problem(with: token) == nil, "\(token)")
        }
        for token in ["", "two words", "quo\"te", "a,b", "a;b", "back\\slash", "tab\there", "naïve"] {
            let problem = AccessToken.problem(with: token)
            #expect(problem != nil, "\(token)")
        }
        #expect(AccessToken.problem(with: "a;b")?.contains("';'") == true)
    }
}
