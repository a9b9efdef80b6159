import SwiftReduce

extension TestStore {
  /// Checks that the state is as `updateExpected` says, without an action:
  /// for a change the test made to the tree directly, or to state a fact
  /// midway through a test.
  ///
  /// The closure receives a copy of the tree as it is and changes it into
  /// the state expected; since nothing happened in between, an empty
  /// closure passes. With exhaustivity off, only what it changes is checked:
  ///
  /// ```swift
  /// store.root.name = "Odeon"
  /// store.assert { $0.name = "Rex" }
  /// ```
  ///
  /// records
  ///
  /// ```
  /// State is not as expected (- expected, + actual):
  /// name
  ///   - "Rex"
  ///   + "Odeon"
  /// ```
  ///
  /// - Parameters:
  ///   - updateExpected: Changes a copy of the tree as it is now into the
  ///     state expected.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func assert(
    _ updateExpected: (Root) -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    compare(
      copyOfTree(), after: nil, "State", updateExpected,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
