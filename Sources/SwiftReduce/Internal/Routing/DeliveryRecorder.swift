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
}
