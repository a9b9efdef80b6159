/// Lets the plan builder, copies and changes open values of an `Optional` type, whose
/// wrapped type and storage ``OptionalStorage`` describes.
protocol OptionalType: OptionalStorage {
  /// The wrapped value of `value`, an optional of this type, if there is one.
  static func unwrap(_ value: Any) -> Any?

  /// `value` with its wrapped value replaced by `transform` of it.
  static func mapWrapped(of value: Any, _ transform: (Any) -> Any) -> Any

  /// The optional of this type that holds nothing.
  static var none: Any { get }

  /// `value` wrapped in an optional of this type; `value` itself unless it is of the wrapped type.
  static func wrap(_ value: Any) -> Any
}

extension Optional: OptionalType {
  static func unwrap(_ value: Any) -> Any? {
    guard let optional = value as? Wrapped? else { return nil }
    return optional.map { $0 as Any }
  }

  static var none: Any {
    let nothing: Wrapped? = nil
    return nothing as Any
  }

  static func wrap(_ value: Any) -> Any {
    guard let wrapped = value as? Wrapped else { return value }
    return Self.some(wrapped) as Any
  }

  static func mapWrapped(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let optional = value as? Wrapped? else { return value }
    return optional.map { transform($0) as? Wrapped ?? $0 } as Any
  }
}
