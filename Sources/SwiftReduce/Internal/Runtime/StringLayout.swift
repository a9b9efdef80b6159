/// A `String` as the standard library lays it out on 64-bit platforms.
///
/// Two words, the second holding the string's storage object with its form
/// in the top four bits. Pinned by `aStringCopiedWhereItIsStoredIsAStringOfItsOwn`.
enum StringLayout {
  /// Whether strings are laid out as this describes: two words, as on every
  /// 64-bit platform (a 32-bit platform's are twelve bytes, laid out otherwise).
  static let isTwoWords = MemoryLayout<String>.size == 16 && MemoryLayout<Int>.size == 8
}
