import SwiftReduce
import SwiftReduceTesting

extension TestStore {
  /// Sends `action` to the model at `target` and the models below it only, as
  /// `store.dispatch(action, to: target)` does, and checks its changes as `send` does.
  ///
  /// `TestStore` has no targeted `send` yet: this one sends the `TargetedAction` that a
  /// targeted dispatch sends, made by the store's `targeted(_:to:)`, which is `package`
  /// and so reachable from this package's tests only. Its label is `toRow`, not `to`, so
  /// that it cannot clash with the library's own once it has one.
  ///
  /// - Parameters:
  ///   - action: The action the target takes.
  ///   - target: The key path from the root to the target, such as `\.todos[id: id]`.
  ///   - updateExpected: Changes a copy of the tree into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  func send<Target>(
    _ action: any Action, toRow target: KeyPath<Root, Target?>,
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> SentAction {
    send(
      store.targeted(action, to: target), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
