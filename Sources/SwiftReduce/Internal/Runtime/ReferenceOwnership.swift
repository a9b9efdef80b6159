/// How a stored property holds a class instance.
enum ReferenceOwnership: Equatable {
  case strong
  case weak
  case unowned
  /// `unowned(unsafe)`: a plain pointer, loaded like a strong reference.
  case unmanaged
}
