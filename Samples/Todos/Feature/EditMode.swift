/// Whether the list is being edited: SwiftUI's `EditMode`, which TCA's `Todos` keeps in its state.
///
/// While it is ``active``, each row shows buttons that move it up or down and delete it.
public enum EditMode: Sendable {
  /// The rows are checked and typed in.
  case inactive
  /// The rows are moved and deleted.
  case active
}
