import SwiftReduce

extension TestStore {
  /// Sends an action to the model at `target` and the models below it only,
  /// and checks that it changes the state exactly as `updateExpected` says.
  ///
  /// It is `store.dispatch(action, to: target)`, checked as
  /// ``send(_:assert:fileID:filePath:line:column:)`` checks a dispatch; a
  /// failure names the action with its target's path,
  /// `ShoppingAction.toggle to items[id: 0]`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from the root to the model, through optionals
  ///     and `[id:]` steps as needed.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send<Target>(
    _ action: any Action, to target: KeyPath<Root, Target?>,
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> SentAction {
    send(
      store.targeted(action, to: target), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends an action to the model at `target` and the models below it only,
  /// and checks its changes, as ``send(_:to:assert:fileID:filePath:line:column:)-(_,KeyPath<Root,Target?>,_,_,_,_,_)`` does.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from the root to the model.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send<Target>(
    _ action: any Action, to target: KeyPath<Root, Target>,
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> SentAction {
    send(
      store.targeted(action, to: target), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends an action to the row with id `id` of the array at `rows`, and
  /// checks its changes: `store.dispatch(action, to: rows, id: id)`, checked.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - rows: The key path from the root to the array.
  ///   - id: The id of the row.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send<Row: Identifiable>(
    _ action: any Action, to rows: KeyPath<Root, [Row]>, id: Row.ID,
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> SentAction {
    send(
      store.targeted(action, to: rows, id: id), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
