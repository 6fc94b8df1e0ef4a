/// Why a build state file was not used (it is then made anew).
enum BuildStateError: Error, CustomStringConvertible {
    /// SQLite's own check found the file damaged.
    case damaged(path: String)
    /// The file holds another program's data, or another layout of ours.
    case foreign(path: String)

    var description: String {
        switch self {
        case .damaged(let path): "\(path): the build state is damaged"
        case .foreign(let path): "\(path): not a build state of this version of the tools"
        }
    }
}
