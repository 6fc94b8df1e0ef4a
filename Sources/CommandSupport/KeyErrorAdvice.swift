import CatalogFormat

// What to do about a key file, in the tools' commands; CatalogSignature states only the facts.

extension CatalogSignature.KeyError: CommandAdvising {
    public var commandAdvice: String? {
        switch reason {
        case .unreadable: "check the path"
        case .notKeyText, .notPrivateKey:
            "make a key pair with `catalog keygen --out DIR` and sign with its catalog.key"
        case .notPublicKey: "use the catalog.pub written by `catalog keygen`"
        }
    }
}
