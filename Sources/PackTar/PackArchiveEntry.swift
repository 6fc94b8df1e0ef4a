/// The kind of an archive entry.
public enum EntryType: Sendable, Equatable {
    /// A regular file with data.
    case regular
    /// A directory.
    case directory
    /// A symbolic link; ``PackArchiveEntry/linkTarget`` holds its target.
    case symlink
    /// A hard link to an earlier entry; ``PackArchiveEntry/linkTarget`` holds that entry's name.
    case hardlink
    /// Anything else: devices, FIFOs, sockets.
    case other
}

/// One entry header as read from an archive.
///
/// Every field comes from an untrusted header: check it before using it.
///
/// ```swift
/// while let entry = try reader.nextEntry() {
///     print(entry.name ?? "<unreadable name>", entry.type, entry.size)
/// }
/// ```
public struct PackArchiveEntry: Sendable, Equatable {
    /// The entry's path as stored, or `nil` when it is missing or not valid UTF-8.
    public var name: String?
    /// The entry's kind.
    public var type: EntryType
    /// The size the header declares, in bytes, or -1 when the header declares none.
    public var size: Int64
    /// The target of a symbolic or hard link.
    public var linkTarget: String?
    /// Whether the entry is a sparse file (its data expands with holes when read).
    public var isSparse: Bool
    /// The position of the entry in the archive, counting from 1.
    public var index: Int

    /// Creates an entry description.
    public init(
        name: String?, type: EntryType, size: Int64, linkTarget: String? = nil,
        isSparse: Bool = false, index: Int = 0
    ) {
        self.name = name
        self.type = type
        self.size = size
        self.linkTarget = linkTarget
        self.isSparse = isSparse
        self.index = index
    }

    /// A name for messages: the entry's name, or its position when it has no readable name.
    public var displayName: String {
        name ?? "#\(index) (no readable name)"
    }
}
