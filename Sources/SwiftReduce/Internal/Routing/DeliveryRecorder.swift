/// Told by the walk of each model about to reduce the action, before it does,
/// so that what the model holds can be kept as it was.
///
/// A dispatch gets one only while a history records; a walk without one
/// checks for it once per delivery and does nothing else.
///
/// Told through its type, with the recorder passed unretained (the store
/// holds it for the dispatch): the walk tells it of each leaf of a run in one
/// call through the conformance, with no retain and release of it.
protocol DeliveryRecorder: AnyObject {
  /// The class model at `model` is about to reduce the action; `recorder`
  /// is the recorder told, of this type.
  static func willReduce(model: UnsafeRawPointer, told recorder: Unmanaged<AnyObject>)

  /// A value model held by the class model at `owner` is about to reduce the
  /// action; `property` is the address of the owner's stored property that
  /// holds it, at any depth (the one Swift sees being modified).
  static func willReduce(
    valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer,
    told recorder: Unmanaged<AnyObject>)

  /// Every model has reduced; the models told of are alive until the walk
  /// returns, so what they hold can be compared now without retaining them.
  static func didDeliver(told recorder: Unmanaged<AnyObject>)
}

/// A recorder as the walk holds it: unretained, with its type.
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
