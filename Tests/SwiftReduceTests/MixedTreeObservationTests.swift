import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Reads through the store of trees mixing `@Observable` and plain models never go stale.
@MainActor
struct MixedTreeObservationTests {
  @Test func aPlainModelUnderAnObservableParentIsToldWhenAModelInsideItReduces() {
    let store = Store(Moviegoer())
    let log = track("movies") { _ = store.favoriteMovies.movies }

    store.dispatch(NameChange.setName("Ada"))
    #expect(log.entries == [])
    store.dispatch(UpdateMovies.submit)
    #expect(log.entries == ["movies"])
  }

  @Test func anObservableModelUnderAPlainParentIsTrackedPropertyByProperty() {
    let store = Store(Critic())
    store.watch("Alien")
    let log = track("input") { _ = store.favoriteMovies.input }

    store.dispatch(UpdateMovies.removeMovie("Alien"))
    store.dispatch(NameChange.setName("Ada"))
    #expect(log.entries == [])
    store.dispatch(UpdateMovies.setInput("Heat"))
    #expect(log.entries == ["input"])
  }

  @Test func aReadOfTheObservableParentsOwnPropertyIsNotToldOfTheChildsActions() {
    let store = Store(Moviegoer())
    let log = track("name") { _ = store.name }

    store.dispatch(UpdateMovies.setInput("Alien"))

    #expect(log.entries == [])
  }

  #if DEBUG
    @Test func aPlainModelHeldByAnObservableOneIsReportedOncePerTypeInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(Screen())
          _ = store.moviegoer
          _ = store.binding(reading: \.moviegoer).wrappedValue
          _ = store.critic
          _ = store.observedPerson
          _ = store.binding(reading: \.other).wrappedValue
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: SwiftReduceTests.Moviegoer is @Observable, but its favoriteMovies is a \
          SwiftReduceTestSupport.FavoriteMovies, a model that is not; a read of \
          SwiftReduceTestSupport.FavoriteMovies's properties reached through \
          SwiftReduceTests.Moviegoer is not observed, so a view that makes it is not \
          updated. Mark SwiftReduceTestSupport.FavoriteMovies @Observable too. (reported once per \
          type in debug builds)

          """)
    }

    @Test func aPlainModelHeldDeeperIsReportedOnceNamingTheObservableModelThatHoldsIt() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(Screen())
          _ = store.cinephile
          _ = store.moviegoer
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.hasPrefix(
          """
          SwiftReduce: SwiftReduceTests.Moviegoer is @Observable, but its favoriteMovies is a \
          SwiftReduceTestSupport.FavoriteMovies, a model that is not;
          """))
      #expect(message.split(separator: "\n").count == 1)
    }
  #endif
}

/// A screen holding one of each tree, for the debug report.
private final class Screen: Reducer {
  let cinephile = Cinephile()
  let moviegoer = Moviegoer()
  let other = Moviegoer()
  let critic = Critic()
  let observedPerson = ObservedPerson()
}
