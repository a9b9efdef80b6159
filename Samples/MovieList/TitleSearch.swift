import Foundation

/// Whether a title contains a text, in any case, as `/TEXT` finds it.
///
/// Where the title and the text are ASCII, their bytes are compared, with
/// `A`–`Z` as `a`–`z`; elsewhere Foundation compares them, ignoring case.
/// At 100,000 titles Foundation's `range(of:options:)` takes a debug build
/// (`swift run`) a fifth of a second for each search.
struct TitleSearch {
  let text: String
  /// The text's bytes in lower case, when it is all ASCII.
  private let lowercasedASCII: [UInt8]?

  init(_ text: String) {
    self.text = text
    lowercasedASCII =
      text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.map { Self.lowercased($0) } : nil
  }

  func matches(_ title: String) -> Bool {
    guard let needle = lowercasedASCII else {
      return title.range(of: text, options: .caseInsensitive) != nil
    }
    var title = title
    let found: Bool? = title.withUTF8 { haystack in
      needle.withUnsafeBufferPointer { needle in
        Self.find(needle, in: haystack)
      }
    }
    return found ?? (title.range(of: text, options: .caseInsensitive) != nil)
  }

  /// Whether `haystack` contains `needle` (in lower case), in any case;
  /// `nil` when `haystack` is not all ASCII.
  private static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    guard let bytes = haystack.baseAddress else { return needle.isEmpty }
    var index = 0
    while index < haystack.count {
      if bytes[index] >= 0x80 { return nil }
      index += 1
    }
    guard let wanted = needle.baseAddress else { return true }
    var start = 0
    while start + needle.count <= haystack.count {
      var offset = 0
      while offset < needle.count && lowercased(bytes[start + offset]) == wanted[offset] {
        offset += 1
      }
      if offset == needle.count { return true }
      start += 1
    }
    return false
  }

  /// `byte` with `A`–`Z` (0x41–0x5A) as `a`–`z`.
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
  }
}
