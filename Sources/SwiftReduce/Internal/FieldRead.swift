/// One read the traversal makes in an instance or value to find models.
///
/// Reads are computed once per type from its stored properties, looking
/// through inline structs and tuples, so that a model whose models sit in a
/// struct of a tuple costs the same pointer loads as one holding them directly.
enum FieldRead {
  /// A reference to a class instance, or `nil`, stored at the offset.
  case object(offset: Int, ownership: ReferenceOwnership)
  /// An `Array` or `ContiguousArray` whose elements are object references.
  case objectArray(offset: Int)
  /// Any other value that may hold models: copied out and walked by its plan.
  case value(offset: Int, access: any ValueAccess)
}

/// Moves values of one type between raw memory and existentials.
protocol ValueAccess {
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

/// Lets the plan builder recognise arrays whose storage it can walk directly.
///
/// An `Array` or `ContiguousArray` is one reference to its storage object,
/// which holds the element count 16 bytes in and the elements from byte 32.
protocol ContiguousStorageArray {
  static var storedElementType: Any.Type { get }
}

#if !_runtime(_ObjC)
  // Where Objective-C interop exists, an `Array` may be backed by an
  // `NSArray`, so its storage is walked only where it cannot be.
  extension Array: ContiguousStorageArray {
    static var storedElementType: Any.Type { Element.self }
  }
#endif

extension ContiguousArray: ContiguousStorageArray {
  static var storedElementType: Any.Type { Element.self }
}
