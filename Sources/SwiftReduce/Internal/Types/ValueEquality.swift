/// How snapshots compare the values of one `Equatable` type that holds no
/// model: by a copy of each value, kept beside its text and compared by `==`.
///
/// Text alone hides differences: a type whose `description` rounds (20.4
/// shown as `20°`) prints two unequal values alike, and two strings that are
/// equal by `==` can print differently (`0.0` and `-0.0`). A type whose text
/// is its value (the standard integers, `Bool`, `Unicode.Scalar`) and
/// `String` keep nothing, so snapshots of the common trees cost what they
/// cost before.
protocol ValueEquality {
  /// A copy of the value at `address`, or `nil` when its text tells it apart.
  func keep(at address: UnsafeRawPointer) -> (any KeptValue)?
}

/// A copy of a value a snapshot shows, compared with another by its type's `==`.
///
/// Only values whose type holds no model are kept: no class instance other
/// than the copy-on-write storage of standard and Foundation values, which a
/// kept copy never changes, so a kept value may be compared on any thread.
protocol KeptValue: Sendable {
  /// The kept value.
  var value: Any { get }

  /// Whether `other` is a value of the same type, equal by `==` or made of
  /// the same bits; for floating point, a NaN is also equal to a NaN. So a
  /// value that did not change, a NaN or a struct holding one, is never
  /// reported as a change.
  func isEqual(to other: any KeptValue) -> Bool
}

/// Keeps values of an `Equatable` type.
struct EquatableValues<Value: Equatable>: ValueEquality {
  func keep(at address: UnsafeRawPointer) -> (any KeptValue)? {
    EquatableKept(value: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// Keeps floating-point values, compared with NaN equal to NaN.
struct FloatingPointValues<Value: FloatingPoint>: ValueEquality {
  func keep(at address: UnsafeRawPointer) -> (any KeptValue)? {
    FloatingPointKept(number: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

// Unchecked: kept values hold no class instance but copy-on-write storage, never changed (above).
struct EquatableKept<Value: Equatable>: KeptValue, @unchecked Sendable {
  let kept: Value

  init(value: Value) {
    kept = value
  }

  var value: Any { kept }

  func isEqual(to other: any KeptValue) -> Bool {
    guard let other = other as? Self else { return false }
    return kept == other.kept || isIdentical(kept, other.kept)
  }
}

// Unchecked: as for ``EquatableKept``.
struct FloatingPointKept<Value: FloatingPoint>: KeptValue, @unchecked Sendable {
  let number: Value

  var value: Any { number }

  func isEqual(to other: any KeptValue) -> Bool {
    guard let other = other as? Self else { return false }
    return number == other.number || (number.isNaN && other.number.isNaN)
  }
}

/// Whether two values are the same bits.
///
/// Then they are the same value, whatever their type's `==` says (a value
/// that is not equal to itself holds a NaN). Padding bytes may differ between copies of one value, so this can miss
/// a same value (then `==` alone decides), never take a changed one for it.
private func isIdentical<Value>(_ first: Value, _ second: Value) -> Bool {
  withUnsafeBytes(of: first) { first in
    withUnsafeBytes(of: second) { second in first.elementsEqual(second) }
  }
}

/// How values of `type` are compared, if it is `Equatable` and its text is not its value.
func makeValueEquality(for type: Any.Type) -> (any ValueEquality)? {
  // A string's quoted text tells two strings apart unless they are equal by
  // canonical equivalence ("é" and "e\u{301}"), which then show as a change.
  // Accepted: strings are in every tree, and keeping them costs every snapshot.
  if type == String.self { return nil }
  if PlainValues.textIsValue(type) { return nil }
  if let floating = type as? any FloatingPoint.Type { return openFloatingPointValues(floating) }
  if let equatable = type as? any Equatable.Type { return openEquatableValues(equatable) }
  return nil
}

private func openFloatingPointValues<Value: FloatingPoint>(_ type: Value.Type)
  -> any ValueEquality
{
  FloatingPointValues<Value>()
}

private func openEquatableValues<Value: Equatable>(_ type: Value.Type) -> any ValueEquality {
  EquatableValues<Value>()
}
