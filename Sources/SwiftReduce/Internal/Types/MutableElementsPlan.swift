/// How the walk enters a ``MutableElements`` collection type in place.
///
/// The plan of its elements, and whether its storage can be read directly;
/// made on first use and kept in the collection type's ``TypePlan``.
struct MutableElementsPlan {
  let type: any MutableElements.Type
  /// The plan of the type's ``MutableElements/storedElementType``.
  let elementPlan: Unmanaged<TypePlan>
  /// Whether it is an `Array` or `ContiguousArray`, whose storage the walk can read.
  let isArray: Bool
  /// How many bytes of a value tell its storage apart (``PlaceCursor/words``):
  /// none for an `InlineArray`, whose elements are the value.
  let storageWordsSize: Int
}
