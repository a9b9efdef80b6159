/// One stored property of a type, as the runtime lays it out.
struct StoredField {
  /// The byte offset of the property in its instance or value.
  let offset: Int
  /// The declared type, with any `weak` or `unowned` storage stripped;
  /// ``NoncopyableField`` for a `~Copyable` type, which the runtime cannot describe.
  let type: Any.Type
  let ownership: ReferenceOwnership
  /// Whether the property is a `var`: only a `var` can be changed in place.
  let isVar: Bool
}
