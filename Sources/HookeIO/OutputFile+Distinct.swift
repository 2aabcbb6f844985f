#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFile {
    /// A file a command reads or writes, as the user named it.
    public struct Use: Sendable {
        /// How the user named it, for the message: an option (`--out`) or a label.
        public var label: String
        /// The path as given.
        public var path: String
        /// Whether the command writes it.
        public var isOutput: Bool

        /// Describes one file of a command.
        public init(_ label: String, _ path: String, isOutput: Bool) {
            self.label = label
            self.path = path
            self.isOutput = isOutput
        }
    }

    /// Refuses a command whose output is the same file as one of its inputs or another
    /// of its outputs (`hooke simulate s.json --out s.json` would write the trajectory
    /// over the scenario), after following symbolic links: two paths name the same
    /// file when they have the same device and inode, or, for a file not created yet,
    /// the same resolved directory and name. Standard output (`-`), devices and FIFOs
    /// are written through rather than replaced, so two uses of them never conflict.
    ///
    /// - Throws: `OutputFileError` with `.sameFile`, naming both uses.
    public static func requireDistinct(_ uses: [Use]) throws(OutputFileError) {
        var identities: [(use: Use, identity: Identity)] = []
        for use in uses {
            guard let identity = try Identity(of: use.path) else { continue }
            for earlier in identities where earlier.identity == identity && (use.isOutput || earlier.use.isOutput) {
                let (output, other) = use.isOutput ? (use, earlier.use) : (earlier.use, use)
                throw OutputFileError(
                    path: "\(output.label) \(output.path)", reason: .sameFile("\(other.label) \(other.path)"))
            }
            identities.append((use, identity))
        }
    }

    /// What makes two paths the same file, or nil for a destination written through.
    enum Identity: Equatable {
        case inode(device: UInt64, inode: UInt64)
        case name(String)

        init?(of path: String) throws(OutputFileError) {
            if path == "-" { return nil }
            let resolved = try OutputFile.resolveLinks(path)
            var status = stat()
            if stat(resolved, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFREG else { return nil }
                self = .inode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                return
            }
            // Not there yet: the real path of its directory, and its name.
            let folder = OutputFile.directory(of: resolved)
            guard let real = realpath(folder, nil) else {
                self = .name(resolved)
                return
            }
            defer { free(real) }
            self = .name(String(cString: real) + "/" + OutputFile.fileName(of: resolved))
        }
    }
}
