import SwiftReduce

/// An action that only the root of the fixture tree handles.
enum RootAction: Action {
  /// Adds one to the root's count.
  case touch
  /// Replaces the root's title; the binding case writes through it.
  case rename(String)
}
