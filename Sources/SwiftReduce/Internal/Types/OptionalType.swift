/// Lets the plan builder find the wrapped type of an `Optional` type.
protocol OptionalType {
  static var wrappedType: Any.Type { get }

  /// The wrapped value of `value`, an optional of this type, if there is one.
  static func unwrap(_ value: Any) -> Any?
}

extension Optional: OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }

  static func unwrap(_ value: Any) -> Any? {
    guard let optional = value as? Wrapped? else { return nil }
    return optional.map { $0 as Any }
  }
}
