/// Moves values of one type between raw memory and existentials.
///
/// Each ``TypePlan`` holds one, opened from the type's metatype, so the code
/// that reads, writes or copies a value runs specialised for its type.
protocol ValueAccess {
  /// The size of one value plus padding: the distance between array elements.
  var stride: Int { get }

  /// The size of one value in bytes.
  var size: Int { get }

  /// The alignment of a value in bytes.
  var alignment: Int { get }

  /// Whether a value is copied by copying its bytes: it holds no reference.
  var isBitwiseCopyable: Bool { get }

  /// Copies the value stored at `address` into an existential.
  func load(from address: UnsafeRawPointer) -> Any

  /// Calls `body` with the address of a copy of the value inside `value`.
  ///
  /// The value is cast to the concrete type rather than opened: the runtime
  /// can hand back an `Any` nested in an `Any` (an enum payload declared
  /// `Any`), which a cast looks through and opening unwraps only once.
  func withBytes(of value: Any, _ body: (UnsafeRawPointer) -> Void)

  /// Initialises the uninitialised memory at `destination` with a copy of the value at `source`.
  func initializeCopy(at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer)

  /// Initialises the uninitialised memory at `destination` with `value`,
  /// or with a copy of the value at `fallback` when `value` is not of the type.
  func initialize(
    at destination: UnsafeMutableRawPointer, to value: Any, orCopying fallback: UnsafeRawPointer)

  /// Replaces the initialised value at `address` with `value`, if it is of the type.
  func assign(_ value: Any, at address: UnsafeMutableRawPointer)

  /// A copy of `value` changed in place by `body`, which gets the copy's address.
  func modifyingCopy(of value: Any, _ body: (UnsafeMutableRawPointer) -> Void) -> Any

  /// Destroys the value at `address`, leaving the memory uninitialised.
  func deinitialize(at address: UnsafeMutableRawPointer)

  /// Whether `value` is of this type.
  func holds(_ value: Any) -> Bool

  /// Initialises the uninitialised memory at `destination` with `value`,
  /// which ``holds(_:)`` found of this type.
  func initialize(at destination: UnsafeMutableRawPointer, with value: Any)

  /// The value at `address`, moved out: the memory is left uninitialised.
  func take(from address: UnsafeMutableRawPointer) -> Any
}

/// The access for values of type `Value`.
struct TypedAccess<Value>: ValueAccess {
  var stride: Int { MemoryLayout<Value>.stride }
  var size: Int { MemoryLayout<Value>.size }
  var alignment: Int { MemoryLayout<Value>.alignment }
  var isBitwiseCopyable: Bool { _isPOD(Value.self) }

  func load(from address: UnsafeRawPointer) -> Any {
    address.assumingMemoryBound(to: Value.self).pointee
  }

  func withBytes(of value: Any, _ body: (UnsafeRawPointer) -> Void) {
    guard let typed = value as? Value else { return }
    withUnsafePointer(to: typed) { body(UnsafeRawPointer($0)) }
  }

  func initializeCopy(at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer) {
    destination.bindMemory(to: Value.self, capacity: 1)
      .initialize(to: source.assumingMemoryBound(to: Value.self).pointee)
  }

  func initialize(
    at destination: UnsafeMutableRawPointer, to value: Any, orCopying fallback: UnsafeRawPointer
  ) {
    let typed = value as? Value ?? fallback.assumingMemoryBound(to: Value.self).pointee
    destination.bindMemory(to: Value.self, capacity: 1).initialize(to: typed)
  }

  func assign(_ value: Any, at address: UnsafeMutableRawPointer) {
    guard let typed = value as? Value else { return }
    address.assumingMemoryBound(to: Value.self).pointee = typed
  }

  func modifyingCopy(of value: Any, _ body: (UnsafeMutableRawPointer) -> Void) -> Any {
    guard var typed = value as? Value else { return value }
    withUnsafeMutablePointer(to: &typed) { body(UnsafeMutableRawPointer($0)) }
    return typed
  }

  func deinitialize(at address: UnsafeMutableRawPointer) {
    address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
  }

  func holds(_ value: Any) -> Bool { value is Value }

  func initialize(at destination: UnsafeMutableRawPointer, with value: Any) {
    guard let typed = value as? Value else {
      preconditionFailure("a value of \(type(of: value)) is not a \(Value.self)")
    }
    destination.bindMemory(to: Value.self, capacity: 1).initialize(to: typed)
  }

  func take(from address: UnsafeMutableRawPointer) -> Any {
    address.assumingMemoryBound(to: Value.self).move()
  }
}

/// The access for values of `type`, opened from its existential metatype.
func makeAccess(for type: Any.Type) -> any ValueAccess {
  openAccess(type)
}

private func openAccess<Value>(_ type: Value.Type) -> any ValueAccess {
  TypedAccess<Value>()
}
