/// A ``History``'s undo or redo of one step, as the store's middleware see it.
///
/// ``History/undo()``, ``History/redo()`` and ``History/travel(to:)`` change
/// the tree through the store, one step at a time, and each step passes
/// through the middleware as this action, named by the step's label, before
/// the store applies it. No model's `reduce(action:)` receives it: past the
/// last middleware, the store applies the step's patches itself.
///
/// ```swift
/// let printing = Middleware<Person> { action, _, next in
///   print(action)
///   next(action)
/// }
/// let store = Store(Person(), middleware: [printing])
/// let history = History(store)
/// store.dispatch(NameChange.setName("Ada"))
/// try history.undo()
/// ```
///
/// prints
///
/// ```
/// setName("Ada")
/// undo(step: "NameChange.setName(\"Ada\")")
/// ```
///
/// A middleware that does not pass it on stops the step: nothing changes,
/// and the undo or redo throws a ``HistoryConflict`` that says a middleware
/// stopped it. An action passed on in its place is dispatched, through every
/// middleware, once the stopped step is over. A `HistoryAction` dispatched
/// by hand undoes nothing: it is an ordinary action then.
public enum HistoryAction: Action, Equatable, Sendable {
  /// The step labelled `step` is being taken back.
  case undo(step: String)
  /// The step labelled `step` is being applied again.
  case redo(step: String)

  /// The label of the step undone or redone.
  public var step: String {
    switch self {
    case let .undo(step), let .redo(step): step
    }
  }
}
