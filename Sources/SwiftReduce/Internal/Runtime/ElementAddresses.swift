/// The addresses of a collection's elements, held for one walk.
struct ElementAddresses {
  /// A copy of the collection, which keeps its storage alive.
  let storage: Any
  /// `count` elements from `first`, `stride` bytes apart, for arrays.
  let first: UnsafeMutableRawPointer?
  let stride: Int
  let count: Int
  /// Each element's address in iteration order, for dictionaries.
  let list: [UnsafeMutableRawPointer]
}
