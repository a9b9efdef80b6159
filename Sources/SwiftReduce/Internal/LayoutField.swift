/// One stored property of a model, struct or tuple.
@MainActor
final class LayoutField {
  /// The name shown: the declared name, without the underscore that
  /// Observation and `@Untraversed` storage add.
  let name: String
  let offset: Int
  let type: Any.Type
  let ownership: ReferenceOwnership
  /// Whether the property holds one object pointer that is read directly:
  /// `weak`/`unowned` storage, or a class or class-bound existential type.
  let isReference: Bool
  /// The size of the property's storage in bytes.
  let size: Int
  let access: any LayoutAccess

  /// The field type's layout, looked up on first use: building it eagerly
  /// would loop on a type that holds itself.
  private var resolvedLayout: TypeLayout?

  init(name: String, field: StoredField) {
    self.name = name
    self.offset = field.offset
    self.type = field.type
    self.ownership = field.ownership
    self.isReference = field.ownership != .strong || Reflection.isObjectReference(field.type)
    self.access = makeLayoutAccess(for: field.type)
    self.size = access.size
  }

  /// The layout of the property's declared type.
  func layout(in layouts: TypeLayouts) -> TypeLayout {
    if let resolvedLayout { return resolvedLayout }
    let layout = layouts.layout(for: type)
    resolvedLayout = layout
    return layout
  }
}
