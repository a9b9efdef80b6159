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
///
/// ## Files written without this library
///
/// A migration from version 0 reads the files a program wrote before it
/// used this library, or any JSON file without a snapshot's envelope: its
/// state is the file's whole JSON, as it is, and the migration makes
/// version 1 of it. A file the program wrote by hand as
/// `{"name": "Ada", "movies": {"Alien": 2}}` keeps loading:
///
/// ```swift
/// // Version 0: the file before SwiftReducePersistence, the movies at the top.
/// let envelope = PersistenceMigration(from: 0) { state in
///   guard case let .object(members) = state, case .object? = members["movies"] else {
///     throw PersistenceMigration.Refusal("\"movies\" is missing")
///   }
///   state = .object([
///     "name": members["name"] ?? .string(""),
///     "favoriteMovies": .object(["movies": members["movies"] ?? .object([:])]),
///   ])
/// }
/// ```
///
/// Without a migration from version 0, such a file is refused, as any
/// file that is not a snapshot is. Once loaded, it is written again as a
/// snapshot at once, when it can be.
public struct PersistenceMigration {
  /// Why a migration refuses the state it was given, in words that name
  /// what is wrong with the file, as a refusal to load it says them.
  ///
  /// A migration that throws this refuses the file with `reason` alone:
  /// `cannot load /tmp/state.json: "movies" is missing.` Any other error
  /// it throws is named with the migration's version.
  public struct Refusal: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the state, without the file's name.
    public let reason: String

    /// A refusal saying `reason`.
    public init(_ reason: String) {
      self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
  }

  /// The version of the states this migration reads; it makes version `from + 1`.
  ///
  /// Version 0 is a file written without this library (see above).
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
