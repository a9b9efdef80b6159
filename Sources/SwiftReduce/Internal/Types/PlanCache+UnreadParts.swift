/// The parts of a type a plan does not enter, each by a named rule of the
/// Routing Rules article, and the reports debug builds make of them, once per
/// type since a plan is built once per type.
///
/// - A `~Copyable` property (``NoncopyableField``): a `Mutex`, an `Atomic`,
///   any noncopyable struct. What it holds is isolated, like an actor's state.
/// - A property whose layout this code cannot read (``TypeKind/unknown``,
///   or a `Builtin.FixedArray` met outside an `InlineArray`): skipped, never guessed.
/// - The tail elements of a `ManagedBuffer` model (``TailAllocation``).
extension PlanCache {
  /// The names of the `~Copyable` stored properties of `type`.
  func noncopyableFields(of type: Any.Type, _ fields: [StoredField]) -> [String] {
    guard fields.contains(where: { $0.type == NoncopyableField.self }) else { return [] }
    let names = Reflection.storedFieldNames(of: type) ?? []
    return fields.indices.compactMap { index in
      guard fields[index].type == NoncopyableField.self else { return nil }
      return index < names.count ? names[index] : "#\(index)"
    }
  }

  /// Reports each stored property of `type` that a plan does not enter.
  func reportUnreadFields(in type: Any.Type, _ fields: [StoredField]) {
    let holder = Reflection.typeName(of: type)
    for name in noncopyableFields(of: type, fields) {
      DebugReport.emit(
        "SwiftReduce: \(holder).\(name) is ~Copyable (a Mutex, an Atomic or another "
          + "noncopyable type): the store never enters it, as it never enters an actor, so models inside it are not reached; "
          + "snapshots show it as \"(~Copyable, not entered)\", a History does not record it, and a TestStore "
          + "cannot copy \(holder). (reported once per type in debug builds)")
    }
    let unread = fields.enumerated().filter { _, field in
      let kind = Reflection.kind(of: field.type)
      return kind == .fixedArray || kind == .unknown
    }
    guard !unread.isEmpty else { return }
    let names = Reflection.storedFieldNames(of: type) ?? []
    for (index, field) in unread {
      let name = index < names.count ? names[index] : "#\(index)"
      DebugReport.emit(
        "SwiftReduce: \(holder).\(name) has a layout SwiftReduce cannot read "
          + "(\(Reflection.typeName(of: field.type))): it is skipped, so models inside it "
          + "are not reached, and shown by its type. (reported once per type in debug builds)")
    }
  }

  /// Reports that the tail elements of the `ManagedBuffer` model `type` are not reached.
  func reportTail(of type: Any.Type) {
    let name = _typeName(type, qualified: false)
    DebugReport.emit(
      "SwiftReduce: \(name) is a ManagedBuffer: the store reaches its header and stored "
        + "properties, not its tail elements, whose count only its own code knows, so models "
        + "there are not reached, and a TestStore cannot copy it. "
        + "(reported once per type in debug builds)")
  }
}
