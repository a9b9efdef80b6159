/// The model a dispatch is delivering to right now, for the messages that name
/// the model an effect was started from.
///
/// The walk sets it before each delivery, one store, rather than effects asking
/// a second walk which model took the action, which could not tell two apart.
enum Delivery {
  /// The class model being reduced, or the class model whose property holds the
  /// value model being reduced; valid during that `reduce(action:)`.
  // Unchecked: only a dispatch writes it, on the main actor, and only code that
  // the dispatch runs there reads it.
  nonisolated(unsafe) static var model: UnsafeRawPointer?
  /// Whether ``model`` holds the value model being reduced rather than being it.
  nonisolated(unsafe) static var isValueModel = false
}
