import AudioProbe

/// The audio check `packer add` runs on each file before listing it.
public enum AudioCheck {
    public static func probe(_ path: String) throws {
    }
}
