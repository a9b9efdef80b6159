/// Why ``History`` refused to undo or redo a step.
///
/// Another writer changed an element the step changed, so taking it back (or
/// doing it again) would overwrite that writer's change; or a middleware did
/// not pass the step's ``HistoryAction`` on, and ``path`` is the root. Nothing
/// was changed.
///
/// ```
/// Cannot undo "removing Heat": favoriteMovies.movies["Heat"] is 2 now, not 1. Nothing was changed.
/// ```
public struct HistoryConflict: Error, CustomStringConvertible {
  /// The label of the step refused.
  public let step: String

  /// The path of the element another writer changed: `favoriteMovies.movies["Heat"]`.
  public let path: TreePath

  /// The whole message, naming the step, the path and what it holds now.
  public let description: String
}
