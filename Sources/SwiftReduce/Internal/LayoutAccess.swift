@_spi(Reflection) import Swift

/// Moves values of one type between raw memory, snapshots and copies.
///
/// Each ``TypeLayout`` and ``LayoutField`` holds one, opened from the type's
/// metatype, so the code that reads a value runs specialised for its type.
@MainActor
protocol LayoutAccess {
  /// The size of a value of the type in bytes.
  var size: Int { get }

  /// Adds the value stored at `address` to a snapshot.
  func append(at address: UnsafeRawPointer, label: String, to builder: inout SnapshotBuilder)

  /// Adds `value`, cast to the type, to a snapshot.
  func append(casting value: Any, label: String, to builder: inout SnapshotBuilder)

  /// Initialises `destination` with a copy of the value at `source` whose models are copies.
  func initializeCopy(
    at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, with copier: ModelCopier
  )

  /// Replaces the value at `address` with a copy whose models are copies.
  func copyInPlace(at address: UnsafeMutableRawPointer, with copier: ModelCopier)

  /// A copy of `value`, cast to the type, whose models are copies.
  func copy(casting value: Any, with copier: ModelCopier) -> Any
}

/// The access for values of type `Value`.
struct TypedLayoutAccess<Value>: LayoutAccess {
  var size: Int { MemoryLayout<Value>.size }

  func append(at address: UnsafeRawPointer, label: String, to builder: inout SnapshotBuilder) {
    builder.appendValue(address.assumingMemoryBound(to: Value.self).pointee, label: label)
  }

  func append(casting value: Any, label: String, to builder: inout SnapshotBuilder) {
    guard let typed = value as? Value else { return }
    builder.appendValue(typed, label: label)
  }

  func initializeCopy(
    at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, with copier: ModelCopier
  ) {
    let value = source.assumingMemoryBound(to: Value.self).pointee
    destination.bindMemory(to: Value.self, capacity: 1).initialize(to: copier.copy(value))
  }

  func copyInPlace(at address: UnsafeMutableRawPointer, with copier: ModelCopier) {
    let pointer = address.assumingMemoryBound(to: Value.self)
    pointer.pointee = copier.copy(pointer.pointee)
  }

  func copy(casting value: Any, with copier: ModelCopier) -> Any {
    guard let typed = value as? Value else { return value }
    return copier.copy(typed)
  }
}

/// The access for values of `type`, opened from its existential metatype.
func makeLayoutAccess(for type: Any.Type) -> any LayoutAccess {
  openLayoutAccess(type)
}

private func openLayoutAccess<Value>(_ type: Value.Type) -> any LayoutAccess {
  TypedLayoutAccess<Value>()
}
