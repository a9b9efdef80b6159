// Layouts: one per model class, made on first use and kept for the recorder's
// life; the last asked about, and the last with a span, at hand.

extension PatchRecorder {
  /// The layout of the class of the model at `object`.
  @inline(__always)
  func layout(of object: UnsafeRawPointer) -> LayoutInHand {
    let key = HeapObject(object).classKey
    if key == lastKey, let last { return last }
    return layout(of: object, key: key)
  }

  @inline(never)
  private func layout(of object: UnsafeRawPointer, key: UInt) -> LayoutInHand {
    let layout: RecordedLayout
    if let made = layouts[key] {
      layout = made
    } else {
      let type: AnyClass = HeapObject(object).classType
      layout = RecordedLayout(
        fields: recordedFields(of: type),
        holdsValueModelsInPlace: plans.plan(for: type).model?.holdsValueModelsInPlace ?? true)
      layouts[key] = layout
      madeLayouts.append(layout)
    }
    let inHand = LayoutInHand(layout)
    lastKey = key
    last = inHand
    // The last type with a span asked about stays at hand while models of others come between.
    if let span = layout.span, !layout.holdsValueModelsInPlace {
      flatKey = key
      flat = FlatInHand(layout, span)
    }
    return inHand
  }

  private func recordedFields(of type: AnyClass) -> [RecordedField] {
    var made = difference.recordedFields(of: plans.plan(for: type)) ?? []
    made.removeAll { field in
      switch plans.form(of: field.plan) {
      case .registrar, .untraversed, .noncopyable: return true
      default: return !(isRecorded?(type, field.name) ?? true)
      }
    }
    return made
  }
}
