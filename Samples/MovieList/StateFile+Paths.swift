import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Paths followed through links, and the words a refusal or an error uses.

extension StateFile {
  /// `path` with the symbolic links of its last component followed, even
  /// when the final target does not exist yet.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target : (directory(of: current) as NSString).appendingPathComponent(target)
    }
    return current
  }

  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// What a file that is not a regular file is, as a refusal says it.
  static func whatItIs(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "it is a directory"
    case S_IFIFO: "it is a named pipe (FIFO), not a regular file; choose a file with --file"
    case S_IFCHR, S_IFBLK: "it is a device, not a regular file; choose a file with --file"
    case S_IFSOCK: "it is a socket, not a regular file; choose a file with --file"
    default: "it is not a regular file; choose a file with --file"
    }
  }

  static func describeMode(_ mode: mode_t) -> String {
    let letters = Array("rwxrwxrwx")
    return String(
      (0..<9).map { index in mode & (0o400 >> mode_t(index)) != 0 ? letters[index] : "-" })
  }

  static func userName(_ uid: uid_t) -> String {
    guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
    return String(cString: name)
  }

  static func systemError() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
