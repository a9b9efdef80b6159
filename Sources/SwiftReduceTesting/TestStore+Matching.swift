import SwiftReduce

extension TestStore {
  /// Waits for an action of a type that `matches` accepts, and checks that it changed the state exactly as `updateExpected`
  /// says: for actions whose payload the test cannot or need not state whole.
  ///
  /// It waits, skips and fails like
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Received,_,_,_,_,_,_)``, naming the
  /// action expected as `a RatingAction that matches`:
  ///
  /// ```swift
  /// await store.receive(RatingAction.self, where: { action in
  ///   if case .rated("Alien", _) = action { true } else { false }
  /// }) {
  ///   $0.favoriteMovies.ratings["Alien"] = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the action that should be received next.
  ///   - matches: Whether an action of that type is the one expected, such as
  ///     one of its cases.
  ///   - timeout: How long to wait at most while an effect is awake; thirty
  ///     seconds by default.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Received: Action>(
    _ type: Received.Type,
    where matches: @escaping (Received) -> Bool,
    timeout: Duration = .seconds(30),
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      describedAs: "a \(Received.self) that matches", timeout: timeout, updateExpected,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { action in
      guard let received = action as? Received else { return false }
      return matches(received)
    }
  }

  /// Waits for an action of a type, and checks that it changed the state
  /// exactly as `updateExpected` says.
  ///
  /// It waits, skips and fails like
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Received,_,_,_,_,_,_)``, naming the
  /// action expected as `a RatingAction`.
  ///
  /// - Parameters:
  ///   - type: The type of the action that should be received next.
  ///   - timeout: How long to wait at most while an effect is awake; thirty
  ///     seconds by default.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Received: Action>(
    _ type: Received.Type,
    timeout: Duration = .seconds(30),
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      describedAs: "a \(Received.self)", timeout: timeout, updateExpected,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { $0 is Received }
  }
}
