/// The classes whose instances carry elements past their stored properties:
/// subclasses of `ManagedBuffer`.
///
/// `ManagedBuffer.create(minimumCapacity:makingHeaderWith:)` allocates an
/// instance with room for elements after the header (its one stored
/// property), and only the subclass's own code knows how many of them are
/// initialised. Neither the runtime's field records nor the instance size
/// the metadata states count them, so a copy allocated from the metadata has
/// no room for them. Every specialisation of the generic class shares one
/// type context descriptor, which is how a subclass is told at any level of
/// its hierarchy. Pinned by `managedBufferSubclassesAreToldByTheirDescriptor`.
enum TailAllocation {
  /// Whether `type` is `ManagedBuffer` or a subclass of it.
  static func isManagedBuffer(_ type: AnyClass) -> Bool {
    guard let buffer = TypeContextDescriptor(of: ManagedBuffer<Int, Int>.self)?.address else {
      return false
    }
    var level: AnyClass? = type
    while let current = level {
      if TypeContextDescriptor(of: current)?.address == buffer { return true }
      level = _getSuperclass(current)
    }
    return false
  }
}
