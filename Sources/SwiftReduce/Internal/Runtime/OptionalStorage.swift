/// An `Optional` type as it is stored: its payload first, at the optional's
/// own address, when it holds one.
///
/// The layers above refine it with what they do with optional values.
protocol OptionalStorage {
  /// The type an optional of this type wraps.
  static var wrappedType: Any.Type { get }

  /// Whether the optional of this type stored at `address` holds a value,
  /// which is then stored at `address` too: a payload comes first.
  static func hasWrapped(at address: UnsafeRawPointer) -> Bool
}

extension Optional: OptionalStorage {
  static var wrappedType: Any.Type { Wrapped.self }

  static func hasWrapped(at address: UnsafeRawPointer) -> Bool {
    address.assumingMemoryBound(to: Self.self).pointee != nil
  }
}
