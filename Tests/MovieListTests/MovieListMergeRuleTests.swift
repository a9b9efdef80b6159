import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

@testable import MovieList

/// MovieList's rule for another instance's save, through SwiftReducePersistence: what
/// either side added or changed stays, a movie both changed keeps the larger count, and
/// the screen says so.
@MainActor
struct MovieListMergeRuleTests {
  /// A list as an instance shows it.
  private struct List: Equatable {
    var name = ""
    var movies: [String: Int]
    var order = MovieOrder.title
  }

  private func show(_ list: List, in store: Store<Person>) {
    store.dispatch(NameChange.setName(list.name))
    store.dispatch(UpdateMovies.replaceAll(list.movies))
    store.dispatch(UpdateMovies.sort(list.order))
  }

  private func shown(_ store: Store<Person>) -> List {
    List(
      name: store.root.name, movies: store.root.favoriteMovies.movies,
      order: store.root.favoriteMovies.order)
  }

  /// Merges `theirs`, saved by another instance, into `mine`, both made from `base`;
  /// returns the list shown after, the list the file holds, and the merge.
  private func merge(base: List, mine: List, theirs: List) throws -> (
    shown: List, saved: List, merge: PersistenceMerge?
  ) {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let here = Store(Person())
    let hereFile = try MovieListFile(here, path: path)
    show(base, in: here)
    let there = Store(Person())
    let thereFile = try MovieListFile(there, path: path)
    show(theirs, in: there)
    try thereFile.save()
    var merges: [PersistenceMerge] = []
    hereFile.persistence.onMerge = { merges.append($0) }
    show(mine, in: here)
    try hereFile.save()
    hereFile.close()
    let reloaded = Store(Person())
    _ = try MovieListFile(reloaded, path: path)
    return (shown(here), shown(reloaded), merges.first)
  }

  @Test func whatTheOtherSideRemovedGoesAndWhatEitherSideAddedOrChangedStays() throws {
    let base = List(movies: ["Alien": 1, "Brazil": 2, "Casablanca": 1, "Dune": 1])
    // Here: Brazil watched again, Dune removed, Heat added.
    let mine = List(movies: ["Alien": 1, "Brazil": 3, "Casablanca": 1, "Heat": 1])
    // There: Alien and Brazil removed, Casablanca watched again, Jaws added.
    let theirs = List(movies: ["Casablanca": 2, "Dune": 1, "Jaws": 1])

    let (shown, saved, merge) = try merge(base: base, mine: mine, theirs: theirs)

    let merged = List(movies: ["Brazil": 3, "Casablanca": 2, "Heat": 1, "Jaws": 1])
    #expect(shown == merged)
    #expect(saved == merged)
    #expect(MovieListFile.notice(for: try #require(merge)) == nil)
  }

  @Test func aMovieRemovedHereThatTheOtherWatchedAgainStays() throws {
    let base = List(movies: ["Alien": 1, "Brazil": 1])
    let mine = List(movies: ["Brazil": 1])
    let theirs = List(movies: ["Alien": 2, "Brazil": 1])

    let (shown, saved, _) = try merge(base: base, mine: mine, theirs: theirs)

    #expect(shown.movies == ["Alien": 2, "Brazil": 1])
    #expect(saved.movies == ["Alien": 2, "Brazil": 1])
  }

  @Test func countsBothSidesChangedKeepTheLargerAndTheNoticeSaysSo() throws {
    let base = List(movies: ["Alien": 1, "Brazil": 1])
    let mine = List(movies: ["Alien": 4, "Brazil": 2, "Heat": 1])
    let theirs = List(movies: ["Alien": 2, "Brazil": 5, "Heat": 3])

    let (shown, saved, merge) = try merge(base: base, mine: mine, theirs: theirs)

    #expect(shown.movies == ["Alien": 4, "Brazil": 5, "Heat": 3])
    #expect(saved.movies == ["Alien": 4, "Brazil": 5, "Heat": 3])
    #expect(
      MovieListFile.notice(for: try #require(merge))
        == "Merged another instance's save: \"Alien\" was watched 2 times there and 4 here; "
        + "the larger, 4, is kept, and so for 2 more movies.")
  }

  @Test func oneCountBothChangedIsNamedAlone() throws {
    let base = List(movies: ["Alien": 1])
    let (_, _, merge) = try merge(
      base: base, mine: List(movies: ["Alien": 2]), theirs: List(movies: ["Alien": 3]))

    #expect(
      MovieListFile.notice(for: try #require(merge))
        == "Merged another instance's save: \"Alien\" was watched 3 times there and 2 here; "
        + "the larger, 3, is kept.")
  }

  @Test func theNameAndTheOrderFollowTheSideThatChangedThem() throws {
    let base = List(name: "Ada", movies: [:], order: .title)
    let mine = List(name: "Ada", movies: [:], order: .views)
    let theirs = List(name: "Grace", movies: [:], order: .title)

    let (shown, saved, _) = try merge(base: base, mine: mine, theirs: theirs)

    #expect(shown == List(name: "Grace", movies: [:], order: .views))
    #expect(saved == shown)
  }

  @Test func theNameBothChangedKeepsTheOneHere() throws {
    let base = List(name: "Ada", movies: [:])
    let (shown, _, _) = try merge(
      base: base, mine: List(name: "Zoe", movies: [:]), theirs: List(name: "Grace", movies: [:]))

    #expect(shown.name == "Zoe")
  }
}
