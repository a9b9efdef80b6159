/// The elements of an `InlineArray` lie in the value itself, from its first
/// byte, one `MemoryLayout<Element>.stride` apart: there is no storage object
/// to make unique, and the owner's address is theirs. Pinned by
/// `inlineArrayElementsLieInlineAStrideApart`.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension InlineArray: MutableElements where Element: Copyable {
  static var storedElementType: Any.Type { Element.self }
  static var isArray: Bool { false }
  static var isInline: Bool { true }

  static func elementAddresses(at address: UnsafeMutableRawPointer) -> ElementAddresses? {
    guard count > 0 else { return nil }
    // Nothing to hold: the elements live as long as the value at `address`.
    return ElementAddresses(
      storage: (), first: address, stride: MemoryLayout<Element>.stride, count: count, list: [])
  }
}
