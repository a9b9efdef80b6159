/// Told by the walk of each model about to reduce the action, before it does,
/// so that what the model holds can be kept as it was.
///
/// A dispatch gets one only while a history records; a walk without one
/// checks for it once per delivery and does nothing else.
protocol DeliveryRecorder: AnyObject {
  /// The class model at `model` is about to reduce the action.
  func willReduce(model: UnsafeRawPointer)

  /// A value model held by the class model at `owner` is about to reduce the
  /// action; `property` is the address of the owner's stored property that
  /// holds it, at any depth (the one Swift sees being modified).
  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer)

  /// Every model has reduced; the models told of are alive until the walk
  /// returns, so what they hold can be compared now without retaining them.
  func didDeliver()
}

/// A recorder as the walk holds it: unretained, since the store holds it for
/// the dispatch, and told through its type, so that telling it of each leaf
/// of a run costs no retain and release of it.
struct UnretainedRecorder {
  // Unmanaged: the store holds the recorder for the whole walk.
  private let object: Unmanaged<AnyObject>
  private let type: any DeliveryRecorder.Type

  init(_ recorder: any DeliveryRecorder) {
    object = Unmanaged.passUnretained(recorder)
    type = Swift.type(of: recorder)
  }

  @inline(__always)
  func willReduce(model: UnsafeRawPointer) {
    type.willReduce(model: model, told: object)
  }

  @inline(__always)
  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    type.willReduce(valueIn: owner, property: property, told: object)
  }

  func didDeliver() {
    type.didDeliver(told: object)
  }
}

extension DeliveryRecorder {
  /// ``willReduce(model:)`` on the recorder `recorder`, of this type, borrowed.
  static func willReduce(model: UnsafeRawPointer, told recorder: Unmanaged<AnyObject>) {
    recorder._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).willReduce(model: model) }
  }

  /// ``willReduce(valueIn:property:)`` on the recorder `recorder`, of this type, borrowed.
  static func willReduce(
    valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer,
    told recorder: Unmanaged<AnyObject>
  ) {
    recorder._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: Self.self).willReduce(valueIn: owner, property: property)
    }
  }

  /// ``didDeliver()`` on the recorder `recorder`, of this type, borrowed.
  static func didDeliver(told recorder: Unmanaged<AnyObject>) {
    recorder._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).didDeliver() }
  }
}
