/// An `InlineArray` changes element by element, by position: it has as many
/// elements after a dispatch as before, so nothing is inserted or removed.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension InlineArray: EditableCollection where Element: Copyable {
  static func differences(
    from before: Any, to after: Any, same: (Any, Any) -> Bool,
    changed: (ElementPosition, Any, Any) -> Void, edit: (Edit) -> Void
  ) {
    guard let old = before as? Self, let new = after as? Self else { return }
    for index in old.indices where !same(old[index], new[index]) {
      changed(.index(index), old[index], new[index])
    }
  }

  static func withElement(
    at position: ElementPosition, in address: UnsafeMutableRawPointer,
    _ body: (UnsafeMutableRawPointer) throws -> Void
  ) rethrows -> Bool {
    guard case let .index(offset, _) = position, offset >= 0, offset < count else { return false }
    let elements = address.assumingMemoryBound(to: Self.self)
    try withUnsafeMutablePointer(to: &elements.pointee[offset]) {
      try body(UnsafeMutableRawPointer($0))
    }
    return true
  }

  static func element(at position: ElementPosition, in address: UnsafeRawPointer) -> Any? {
    guard case let .index(offset, _) = position, offset >= 0, offset < count else { return nil }
    return address.assumingMemoryBound(to: Self.self).pointee[offset]
  }

  /// Never: an inline array's count is part of its type.
  static func canInsert(at position: ElementPosition, in address: UnsafeRawPointer) -> Bool {
    false
  }

  /// Never called: ``canInsert(at:in:)`` says no.
  static func insert(
    _ element: Any, at position: ElementPosition, in address: UnsafeMutableRawPointer
  ) {}

  /// Never called: ``differences(from:to:same:changed:edit:)`` removes nothing.
  static func remove(at position: ElementPosition, in address: UnsafeMutableRawPointer) {}

  static func label(of position: ElementPosition, keyText: (Any) -> String) -> String {
    guard case let .index(offset, _) = position else { return "[?]" }
    return "[\(offset)]"
  }
}
