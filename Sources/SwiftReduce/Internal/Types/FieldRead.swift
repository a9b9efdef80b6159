/// One read the walk makes in an instance or value to find models.
///
/// Reads are computed once per type from its stored properties, looking
/// through inline structs and tuples, so that a model whose models sit in a
/// struct of a tuple costs the same pointer loads as one holding them directly.
/// A read is trivially copyable: the plans it names live as long as the process.
enum FieldRead {
  /// A reference to a class instance, or `nil`, stored at the offset: a class,
  /// a class-bound existential (the instance is its first word), or an optional of either.
  case object(offset: Int, ownership: ReferenceOwnership)
  /// An `Array` or `ContiguousArray` of object references, `stride` bytes apart.
  case objectArray(offset: Int, stride: Int)
  /// Any other value that may hold models: copied out and walked by its plan.
  case value(offset: Int, plan: Unmanaged<TypePlan>)
  /// A `var` holding value models, entered where it is stored, so that they
  /// are reduced in place; `property` is the offset of the enclosing class
  /// property or value, whose storage is being modified while one reduces.
  case place(offset: Int, plan: Unmanaged<TypePlan>, property: Int)

  /// The same read in a value stored `distance` bytes into the enclosing
  /// instance or value; in a `let` (`isVar` false) nothing is changed in place.
  func shifted(by distance: Int, isVar: Bool) -> FieldRead {
    switch self {
    case let .object(offset, ownership): .object(offset: offset + distance, ownership: ownership)
    case let .objectArray(offset, stride): .objectArray(offset: offset + distance, stride: stride)
    case let .value(offset, plan): .value(offset: offset + distance, plan: plan)
    case let .place(offset, plan, _):
      isVar
        ? .place(offset: offset + distance, plan: plan, property: distance)
        : .value(offset: offset + distance, plan: plan)
    }
  }

  /// Whether the read enters a value in place.
  var isPlace: Bool {
    if case .place = self { return true }
    return false
  }
}
