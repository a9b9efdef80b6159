/// Moves values of one type between raw memory and existentials.
protocol ValueAccess {
  /// The size of one value plus padding: the distance between array elements.
  var stride: Int { get }

  /// Copies the value stored at `address` into an existential.
  func load(from address: UnsafeRawPointer) -> Any

  /// Calls `body` with the address of a copy of the value inside `value`.
  ///
  /// The value is cast to the concrete type rather than opened: the runtime
  /// can hand back an `Any` nested in an `Any` (an enum payload declared
  /// `Any`), which a cast looks through and opening unwraps only once.
  func withBytes(of value: Any, _ body: (UnsafeRawPointer) -> Void)
}

/// The access for values of type `Value`.
struct TypedAccess<Value>: ValueAccess {
  var stride: Int { MemoryLayout<Value>.stride }

  func load(from address: UnsafeRawPointer) -> Any {
    address.assumingMemoryBound(to: Value.self).pointee
  }

  func withBytes(of value: Any, _ body: (UnsafeRawPointer) -> Void) {
    guard let typed = value as? Value else { return }
    withUnsafePointer(to: typed) { body(UnsafeRawPointer($0)) }
  }
}

/// The access for values of `type`, opened from its existential metatype.
func makeAccess(for type: Any.Type) -> any ValueAccess {
  openAccess(type)
}

private func openAccess<Value>(_ type: Value.Type) -> any ValueAccess {
  TypedAccess<Value>()
}
