import Observation
import SwiftReduce
import Testing

/// A read through the store is told when a value model below it reduces, through any
/// number of `@Observable` holders, and through mixes of `@Observable` and plain ones.
@MainActor
struct ObservationDepthTests {
  @Test func aReadThroughTwoObservableHoldersIsToldWhenTheValueModelBelowReduces() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("hall.stage.counter.count") { _ = store.hall.stage.counter.count }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["hall.stage.counter.count"])
    #expect(theatre.hall.stage.counter.count == 1)
  }

  @Test func aReadThroughThreeObservableHoldersIsToldWhenTheValueModelBelowReduces() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("wing.hall.stage.counter.count") { _ = store.wing.hall.stage.counter.count }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["wing.hall.stage.counter.count"])
    #expect(theatre.wing.hall.stage.counter.count == 1)
  }

  @Test func aReadThroughAnObservableHolderOfAPlainOneIsToldWhenTheValueModelBelowReduces() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("mixedHall.stage.counter") { _ = store.mixedHall.stage.counter.count }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["mixedHall.stage.counter"])
    #expect(theatre.mixedHall.stage.counter.count == 1)
  }

  @Test func aReadThroughAPlainHolderOfAnObservableOneIsToldWhenTheValueModelBelowReduces() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("plainHall.stage.counter") { _ = store.plainHall.stage.counter.count }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["plainHall.stage.counter"])
  }

  @Test func aReadThroughObservablePlainAndObservableHoldersIsToldWhenTheValueModelReduces() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("mixedWing.hall.stage.counter") {
      _ = store.mixedWing.hall.stage.counter.count
    }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["mixedWing.hall.stage.counter"])
    #expect(theatre.mixedWing.hall.stage.counter.count == 1)
  }

  @Test func aReadThroughTwoObservableHoldersIsToldOnceAndThenDropped() {
    let store = Store(Theatre())
    let log = track("hall") { _ = store.hall.stage.counter.count }

    store.dispatch(CounterStep.up)
    store.dispatch(CounterStep.up)

    #expect(log.entries == ["hall"])
  }

  @Test func aReadThroughTwoObservableHoldersIsNotToldOfAnActionNoModelBelowTakes() {
    let store = Store(Theatre())
    let log = track("hall") { _ = store.hall.stage.counter.count }

    store.dispatch(TheatreLights.dim)

    #expect(log.entries == [])
  }

  @Test func anObservableHoldersOwnPropertyIsStillTrackedByItsRegistrar() {
    let theatre = Theatre()
    let store = Store(theatre)
    let log = track("hall.name") { _ = theatre.hall.name }

    store.dispatch(CounterStep.up)
    #expect(log.entries == [])
    theatre.hall.name = "Grand hall"
    #expect(log.entries == ["hall.name"])
  }
}
