// Layouts: one per model class, made on first use and kept for the shadow's
// life; the last asked about at hand.

extension TreeShadow {
  /// The layout of the class of the model at `object`.
  @inline(__always)
  func layout(of object: UnsafeRawPointer) -> RecordedLayout {
    let key = HeapObject(object).classKey
    if key == lastKey, let last { return last.takeUnretainedValue() }
    return layout(of: object, key: key)
  }

  @inline(never)
  private func layout(of object: UnsafeRawPointer, key: UInt) -> RecordedLayout {
    let layout: RecordedLayout
    if let made = layouts[key] {
      layout = made
    } else {
      let type: AnyClass = HeapObject(object).classType
      let fields = keptFields(of: type)
      layout = RecordedLayout(fields: fields ?? [], isUnread: fields == nil)
      layouts[key] = layout
      madeLayouts.append(layout)
    }
    lastKey = key
    last = Unmanaged.passUnretained(layout)
    return layout
  }

  /// The properties of a model class the shadow keeps: those recorded, and
  /// those the history's filter leaves out that may hold models, kept only
  /// to tell whether the models reachable changed; `nil` when the class's
  /// layout cannot be read.
  private func keptFields(of type: AnyClass) -> [RecordedField]? {
    guard var made = difference.recordedFields(of: plans.plan(for: type), withReferences: true)
    else { return nil }
    made.removeAll { field in
      switch plans.form(of: field.plan) {
      case .registrar, .untraversed, .noncopyable: return true
      default:
        field.isRecorded = isRecorded?(type, field.name) ?? true
        return !field.isRecorded && !field.plan.mayHoldModels
      }
    }
    return made
  }
}
