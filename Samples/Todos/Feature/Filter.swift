/// Which todos the list shows.
public enum Filter: CaseIterable, Sendable {
  /// Every todo.
  case all
  /// The todos not done yet.
  case active
  /// The todos done.
  case completed

  /// The name the filter's button shows.
  var title: String {
    switch self {
    case .all: "All"
    case .active: "Active"
    case .completed: "Completed"
    }
  }
}
