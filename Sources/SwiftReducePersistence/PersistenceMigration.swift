import SwiftReduce

/// How a state saved by an older version of a program becomes one of the next
/// version: a change to the saved state, as the file's JSON holds it.
///
/// ```swift
/// // Version 2 renamed `total` to `count`.
/// let renameTotal = PersistenceMigration(from: 1) { state in
///   guard case var .object(members) = state else { return }
///   members["count"] = members.removeValue(forKey: "total")
///   state = .object(members)
/// }
/// ```
///
/// A file of version 1 loaded by version 3 goes through the migration from 1
/// and then the one from 2, in that order; the file is written again in
/// version 3's form only when the next save compacts it, at once after loading.
public struct PersistenceMigration {
  /// The version of the states this migration reads; it makes version `from + 1`.
  public let from: Int
  let migrate: @MainActor (inout Patch.EncodedValue) throws -> Void

  /// A migration from version `from` to version `from + 1`.
  ///
  /// - Parameters:
  ///   - from: The version of the states `migrate` is given.
  ///   - migrate: Changes a saved state of version `from` into one of the
  ///     next version; an error it throws refuses the file, naming the
  ///     migration and the error.
  public init(
    from: Int, _ migrate: @escaping @MainActor (_ state: inout Patch.EncodedValue) throws -> Void
  ) {
    self.from = from
    self.migrate = migrate
  }
}
