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
  case value(offset: Int, loader: any ValueLoader)
}

/// Copies a value of one type out of raw memory.
protocol ValueLoader {
  func load(from address: UnsafeRawPointer) -> Any
}

/// The loader for values of type `Value`.
struct TypedLoader<Value>: ValueLoader {
  func load(from address: UnsafeRawPointer) -> Any {
    address.assumingMemoryBound(to: Value.self).pointee
  }
}

/// A loader for values of `type`, opened from its existential metatype.
func makeLoader(for type: Any.Type) -> any ValueLoader {
  openLoader(type)
}

private func openLoader<Value>(_ type: Value.Type) -> any ValueLoader {
  TypedLoader<Value>()
}

/// Lets the plan builder recognise arrays whose storage it can walk directly.
///
/// An `Array` or `ContiguousArray` is one reference to its storage object,
/// which holds the element count 16 bytes in and the elements from byte 32.
protocol ContiguousStorageArray {
  static var storedElementType: Any.Type { get }
}

extension Array: ContiguousStorageArray {
  static var storedElementType: Any.Type { Element.self }
}

extension ContiguousArray: ContiguousStorageArray {
  static var storedElementType: Any.Type { Element.self }
}
