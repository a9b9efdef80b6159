/// Lets the plan builder find the wrapped type of an `Optional` type.
protocol OptionalType {
  static var wrappedType: Any.Type { get }

  /// The wrapped value of `value`, an optional of this type, if there is one.
  static func unwrap(_ value: Any) -> Any?

  /// `value` with its wrapped value replaced by `transform` of it.
  static func mapWrapped(of value: Any, _ transform: (Any) -> Any) -> Any

  /// Whether the optional of this type stored at `address` holds a value,
  /// which is then stored at `address` too: a payload comes first.
  static func hasWrapped(at address: UnsafeRawPointer) -> Bool
}

extension Optional: OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }

  static func unwrap(_ value: Any) -> Any? {
    guard let optional = value as? Wrapped? else { return nil }
    return optional.map { $0 as Any }
  }

  static func mapWrapped(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let optional = value as? Wrapped? else { return value }
    return optional.map { transform($0) as? Wrapped ?? $0 } as Any
  }

  static func hasWrapped(at address: UnsafeRawPointer) -> Bool {
    address.assumingMemoryBound(to: Self.self).pointee != nil
  }
}
