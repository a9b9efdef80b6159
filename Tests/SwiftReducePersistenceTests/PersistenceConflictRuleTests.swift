import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// A rule of the user's for elements two processes both changed (`resolveConflict`).
@MainActor
struct PersistenceConflictRuleTests {
  /// Of two ratings, the higher wins; a rating beats a removal; anything else keeps the value here.
  private static let higherRatingWins:
    @MainActor (PersistenceMerge.Conflict) ->
      PersistenceMerge
      .Resolution = { conflict in
        guard conflict.steps.first == .member("ratings") else { return .here }
        switch (conflict.here, conflict.there) {
        case let (.int(here)?, .int(there)?): return here >= there ? .here : .there
        case (nil, _?): return .there
        default: return .here
        }
      }

  /// Two stores on `file`, both with Odes rated 3, and what `here` merges.
  private func twoStores(on file: URL) throws -> (
    here: Store<Library>, herePersistence: Persistence<Library>, there: Store<Library>,
    therePersistence: Persistence<Library>
  ) {
    let here = Store(Library())
    let herePersistence = try Persistence.attach(here, file: file)
    here.dispatch(LibraryAction.rate("Odes", 3))
    here.dispatch(LibraryAction.rate("Maps", 2))
    let there = Store(Library())
    let therePersistence = try Persistence.attach(there, file: file)
    herePersistence.resolveConflict = Self.higherRatingWins
    return (here, herePersistence, there, therePersistence)
  }

  @Test func theRuleKeepsTheValueItChoosesAndTheMergeSaysWhichWasKept() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let (here, herePersistence, there, therePersistence) = try twoStores(on: file)
    there.dispatch(LibraryAction.rate("Odes", 5))
    there.dispatch(LibraryAction.rename("North"))
    try therePersistence.save()
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }

    here.dispatch(LibraryAction.rate("Odes", 4))
    here.dispatch(LibraryAction.rename("South"))
    try herePersistence.save()

    #expect(here.root.ratings["Odes"] == 5)
    #expect(here.root.name == "South")
    #expect(
      merges.map(\.description) == [
        "Merged the changes another process saved to \(file.path); settled where both changed "
          + #"one: name is "South" here and "North" there, kept "South"; ratings["Odes"] is 4 "#
          + "here and 5 there, kept 5."
      ])
    let conflict = try #require(merges.first?.conflicts.last)
    #expect(conflict.steps == [.member("ratings"), .member("Odes")])
    #expect(conflict.base == .int(3))
    #expect(conflict.kept == .int(5))
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.ratings == ["Odes": 5, "Maps": 2])
    #expect(reloaded.name == "South")
  }

  @Test func theRuleCanKeepAnElementRemovedHereThatTheOtherChanged() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let (here, herePersistence, there, therePersistence) = try twoStores(on: file)
    there.dispatch(LibraryAction.rate("Maps", 4))
    try therePersistence.save()

    here.dispatch(LibraryAction.rate("Maps", nil))
    try herePersistence.save()

    #expect(here.root.ratings == ["Odes": 3, "Maps": 4])
  }

  @Test func withoutARuleTheValueHereIsKept() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let (here, herePersistence, there, therePersistence) = try twoStores(on: file)
    herePersistence.resolveConflict = nil
    there.dispatch(LibraryAction.rate("Odes", 5))
    try therePersistence.save()

    here.dispatch(LibraryAction.rate("Odes", 4))
    let merge = try herePersistence.refresh()

    #expect(here.root.ratings["Odes"] == 4)
    #expect(merge?.conflicts.map(\.kept) == [.int(4)])
  }
}
