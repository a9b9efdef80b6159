/// How a collection type's elements are entered in place.
struct PlacedElements {
  let mutable: any MutableElements.Type
  let elementPlan: Unmanaged<TypePlan>
  /// Whether it is an `Array` or `ContiguousArray`, whose storage the walk can read.
  let isArray: Bool
}
