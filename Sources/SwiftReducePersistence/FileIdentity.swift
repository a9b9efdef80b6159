#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which version of a file is on disk: a save renames a new file over it,
/// and an edit in place changes its size or the time it was modified.
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
    #if canImport(Darwin)
      modifiedSeconds = Int(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    #endif
    owner = UInt32(status.st_uid)
  }

  /// The identity of the file at `path`, links followed; `nil` when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }
}
