#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which version of a file is on disk: a save renames a new inode over the
/// file, and an edit in place changes its size or modification time.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int
  /// The user the file belongs to.
  let owner: UInt32

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modifiedSeconds = Int(status.st_mtim.tv_sec)
    modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    owner = UInt32(status.st_uid)
  }

  /// The identity of the file at `path`, following links; `nil` when there is none.
  init?(path: String) {
    guard let status = Self.status(of: path) else { return nil }
    self.init(status)
  }

  /// The status of the file at `path`, following links; `nil` when there is none.
  static func status(of path: String) -> stat? {
    var status = stat()
    return stat(path, &status) == 0 ? status : nil
  }
}
