import SwiftReduce
import Testing

import func SwiftReduceTestSupport.expectText

@testable import MovieList
@testable import SwiftReduceTextUI

@MainActor
struct MovieListAppTests {
  /// Runs the app's `ContentView` on `input` and returns its transcript.
  private func session(
    _ store: Store<Person>, _ input: String, saves: inout Int, history: History<Person>? = nil
  ) async -> String {
    var count = 0
    func save() { count += 1 }
    let runner = Runner(store: store, history: history, onChange: save) { ContentView() }
    var chunks = [Array(input.utf8)]
    var reader = LineReader { chunks.isEmpty ? nil : chunks.removeFirst() }
    var output = ""
    await runner.run(reader: &reader, interactive: false, width: { 40 }, write: { output += $0 })
    saves = count
    return output
  }

  @Test func theWholeAppWorksThroughTheRunner() async {
    let store = Store(Person())
    var saves = 0
    let output = await session(
      store, "1 Ada\n2\n1 Grace\n3 Alien\n3 Heat\n3 Alien\n5\n", saves: &saves)
    let heat = "[6] Heat                      views: 1"
    expectText(
      output,
      listScreen() + "> 1 Ada\n" + listScreen(name: "Ada") + "> 2\n" + listScreen()
        + "> 1 Grace\n" + listScreen(name: "Grace") + "> 3 Alien\n"
        + listScreen(name: "Grace", list: ["[5] Alien                     views: 1"])
        + "> 3 Heat\n"
        + listScreen(name: "Grace", list: ["[5] Alien                     views: 1", heat])
        + "> 3 Alien\n"
        + listScreen(name: "Grace", list: ["[5] Alien                     views: 2", heat])
        + "> 5\n" + listScreen(name: "Grace", list: ["[5] Heat                      views: 1"])
        + "> \n")
    #expect(store.name == "Grace")
    #expect(store.favoriteMovies.movies == ["Heat": 1])
    #expect(saves == 7)
  }

  @Test func theWatchButtonCountsTheMovieTypedAndABlankNameIsNotAMovie() async {
    let store = Store(Person())
    store.dispatch(UpdateMovies.setInput("Alien"))
    var saves = 0
    _ = await session(store, "4\n4\n3  \n", saves: &saves)
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    #expect(store.favoriteMovies.input == "")
    #expect(saves == 3)
  }

  @Test func aPersonMadeWithANameAndMoviesHasThemAndAnEmptyField() async {
    let person = Person(name: "Ada", movies: ["Alien": 2, "千と千尋の神隠し": 1])
    #expect(person.name == "Ada")
    #expect(person.favoriteMovies.movies == ["Alien": 2, "千と千尋の神隠し": 1])
    #expect(person.favoriteMovies.input == "")
    #expect(person.favoriteMovies.order == .title)
  }

  @Test func watchOnAnEmptyFieldSaysWhyItDidNothing() async {
    let store = Store(Person())
    var saves = 0
    let output = await session(store, "4\n", saves: &saves)
    #expect(
      output.hasSuffix(
        "> 4\n" + listScreen(notice: "Type a movie name first, then watch.") + "> \n"))
    #expect(store.favoriteMovies.movies.isEmpty)
  }

  @Test func watchingAMovieSeenIntMaxTimesLeavesItsCountAndSaysWhy() async {
    let store = Store(Person(name: "", movies: ["Alien": Int.max]))
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)
    #expect(store.favoriteMovies.movies == ["Alien": Int.max])
    #expect(
      store.favoriteMovies.notice
        == "\"Alien\" has been watched 9223372036854775807 times, the most MovieList can count.")
  }

  @Test func undoRevertsTheLastChangeAndRedoAppliesItAgain() async {
    let store = Store(Person(name: "Ada", movies: ["Heat": 1]))
    let history = History(store, recording: MovieListApp.isSaved)
    var saves = 0
    let output = await session(
      store, "3 Alien\n6\nundo\nundo\nundo\nredo\n", saves: &saves, history: history)
    let messages = output.components(separatedBy: "\n> ").map {
      $0.split(separator: "\n").last ?? ""
    }
    #expect(
      messages == [
        " [5] Heat                      views: 1", " [6] Heat                      views: 1",
        " [5] Alien                     views: 1",
        "Undid tapping \"Heat views: 1\"; type redo to do it again.",
        "Undid typing \"Alien\" in Movie Name; type redo to do it again.",
        "There is nothing to undo.",
        "Redid typing \"Alien\" in Movie Name; type undo to undo it again.", "",
      ])
    #expect(store.favoriteMovies.movies == ["Heat": 1, "Alien": 1])
    #expect(store.name == "Ada")
    // Every change, undo and redo is saved; "There is nothing to undo" is not.
    #expect(saves == 5)
  }

  /// Merges another instance's `name` and `movies` as a merge step: one of its own,
  /// which undo passes over.
  private func merge(
    name: String, movies: [String: Int], into store: Store<Person>, _ history: History<Person>
  ) {
    history.record("merging another instance's save", kind: .merge) {
      store.dispatch(NameChange.setName(name))
      store.dispatch(UpdateMovies.replaceAll(movies))
    }
  }

  @Test func undoAfterAMergeTakesBackThisInstancesStepAndKeepsTheOthersChanges() async throws {
    let store = Store(Person(name: "Ada", movies: [:]))
    let history = History(store, recording: MovieListApp.isSaved)
    var saves = 0
    _ = await session(store, "3 Alien\n3 Heat\n", saves: &saves, history: history)
    merge(name: "Bob", movies: ["Alien": 1, "Heat": 1, "Up": 1], into: store, history)
    #expect(try history.undo()?.label == "typing \"Heat\" in Movie Name")
    #expect(store.root.name == "Bob")
    #expect(store.root.favoriteMovies.movies == ["Alien": 1, "Up": 1])
    #expect(
      history.steps.map(\.label) == [
        "typing \"Alien\" in Movie Name", "merging another instance's save",
      ])
  }

  @Test func theIssuesCaseBringsHeatBackAndRedoAfterAMergeDoesWhatTheHintSays() async throws {
    // A `3 Heat`; B `3 Alien`, merged; A removes Heat; B `3 Casablanca`, merged; A `undo`.
    let store = Store(Person())
    let history = History(store, recording: MovieListApp.isSaved)
    var saves = 0
    _ = await session(store, "3 Heat\n", saves: &saves, history: history)
    merge(name: "", movies: ["Alien": 1, "Heat": 1], into: store, history)
    let output = await session(store, "6\n", saves: &saves, history: history)
    #expect(output.contains("[6] Heat"))
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    merge(name: "", movies: ["Alien": 1, "Casablanca": 1], into: store, history)
    let undone = await session(store, "undo\n", saves: &saves, history: history)
    #expect(undone.contains("Undid tapping \"Heat views: 1\"; type redo to do it again."))
    #expect(store.favoriteMovies.movies == ["Alien": 1, "Casablanca": 1, "Heat": 1])
    #expect(store.favoriteMovies.shownTitles == ["Alien", "Casablanca", "Heat"])
    // Another merge after the undo leaves the step to redo, as the hint said.
    merge(
      name: "", movies: ["Alien": 1, "Casablanca": 1, "Heat": 1, "Up": 1], into: store,
      history)
    let redone = await session(store, "redo\n", saves: &saves, history: history)
    #expect(redone.contains("Redid tapping \"Heat views: 1\"; type undo to undo it again."))
    #expect(store.favoriteMovies.movies == ["Alien": 1, "Casablanca": 1, "Up": 1])
    #expect(store.favoriteMovies.shownTitles == ["Alien", "Casablanca", "Up"])
  }

  @Test func theMoviesKeptSortedBetweenChangesAreTheMoviesSortedAgain() {
    let movies = FavoriteMovies()
    movies.reduce(action: .replaceAll(["Heat": 2, "Alien": 1]))
    _ = movies.moviesByTitle
    for action: UpdateMovies in [
      .setInput("Brazil"), .submit, .setInput("Alien"), .submit, .removeMovie("Heat"),
      .replaceAll(["Heat": 2, "Alien": 1]), .setInput("Zoe"), .submit, .removeMovie("Nothing"),
    ] {
      movies.reduce(action: action)
      let kept = movies.moviesByTitle
      let fresh = SortedTitles(movies.movies)
      #expect(kept.titles == fresh.titles)
      #expect(kept.counts == fresh.counts)
    }
    #expect(movies.titlesByName == ["Alien", "Heat", "Zoe"])
    #expect(movies.moviesByTitle.counts == [1, 2, 1])
  }

  @Test func theMoviesFirstShownAreRestoredWholeInTheirSortedOrder() {
    let movies = FavoriteMovies()
    let saved = ["Heat": 2, "Alien": 1]
    movies.movies = saved
    #expect(movies.titlesByName == ["Alien", "Heat"])
    movies.reduce(action: .removeMovie("Alien"))
    movies.reduce(action: .replaceAll(saved))
    #expect(movies.titlesByName == ["Alien", "Heat"])
    #expect(movies.moviesByTitle.counts == [1, 2])
  }

  @Test func shownTitlesFollowEachChangeToTheMoviesTheSearchAndTheOrder() {
    let movies = FavoriteMovies()
    movies.reduce(action: .replaceAll(["Heat": 2, "Alien": 1, "Brazil": 3, "Up": 1]))
    #expect(movies.shownTitles == ["Alien", "Brazil", "Heat", "Up"])
    movies.reduce(action: .sort(.views))
    #expect(movies.shownTitles == ["Brazil", "Heat", "Alien", "Up"])
    movies.reduce(action: .find("A"))
    #expect(movies.shownTitles == ["Brazil", "Heat", "Alien"])
    movies.reduce(action: .setInput("Amélie"))
    movies.reduce(action: .submit)
    movies.reduce(action: .setInput("Heat"))
    movies.reduce(action: .submit)
    #expect(movies.shownTitles == ["Brazil", "Heat", "Alien", "Amélie"])
    movies.reduce(action: .removeMovie("Brazil"))
    movies.reduce(action: .sort(.title))
    #expect(movies.shownTitles == ["Alien", "Amélie", "Heat"])
    movies.reduce(action: .find(""))
    #expect(movies.shownTitles == ["Alien", "Amélie", "Heat", "Up"])
  }

  @Test func mostWatchedComeFirstAndEqualCountsKeepTheirOrder() {
    #expect(
      FavoriteMovies.mostWatchedFirst([0, 1, 2, 3, 4], counts: [1, 5, 1, 3, 5]) == [1, 4, 3, 0, 2])
    #expect(
      FavoriteMovies.mostWatchedFirst([0, 2, 3], counts: [Int.max, 7, 1, Int.max]) == [0, 3, 2])
    #expect(FavoriteMovies.mostWatchedFirst([], counts: []) == [])
  }
}
