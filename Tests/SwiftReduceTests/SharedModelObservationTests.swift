import Observation
import SwiftReduce
import Testing

/// A read through the store of a plain model is told when any write changed
/// it, or a model below it: another feature's reducer writing into a model
/// the two share, as in a port of TCA's SyncUps.
@MainActor
struct SharedModelObservationTests {
  @Test func aReadOfASharedPlainModelIsToldWhenAnotherFeatureWritesIntoIt() {
    let store = Store(SyncUpsApp())
    let log = track("detail") { _ = store.detail.syncUp.meetings }

    store.dispatch(MeetingAction.end(transcript: "Went well"))

    #expect(log.entries == ["detail"])
    #expect(store.detail.syncUp.meetings == ["Went well"])
  }

  @Test func aReadOfASharedPlainModelIsToldWhenAModelBelowItIsWritten() {
    let store = Store(SyncUpsApp())
    let log = track("detail") { _ = store.detail.syncUp.attendees.first?.name }

    store.dispatch(MeetingAction.renameFirstAttendee("Blob Jr."))

    #expect(log.entries == ["detail"])
  }

  @Test func aReadOfASharedPlainModelIsNotToldWhenNothingInItChanged() {
    let store = Store(SyncUpsApp())
    let log = track("detail") { _ = store.detail.syncUp.title }

    store.dispatch(MeetingAction.tick)

    #expect(log.entries == [])
    #expect(store.meeting.secondsElapsed == 1)
  }

  @Test func aWriteOfTheSameValueIntoASharedModelTellsNoOne() {
    let store = Store(SyncUpsApp())
    let log = track("detail") { _ = store.detail.syncUp.attendees.first?.name }

    store.dispatch(MeetingAction.renameFirstAttendee("Blob"))

    #expect(log.entries == [])
    store.dispatch(MeetingAction.renameFirstAttendee("Blob Jr."))
    #expect(log.entries == ["detail"])
  }

  @Test func aReadMadeAgainAfterItWasToldIsToldOfTheNextWrite() {
    let store = Store(SyncUpsApp())
    let first = track("first") { _ = store.detail.syncUp.meetings }
    store.dispatch(MeetingAction.end(transcript: "Monday"))
    let second = track("second") { _ = store.detail.syncUp.meetings }

    store.dispatch(MeetingAction.tick)
    store.dispatch(MeetingAction.end(transcript: "Tuesday"))

    #expect(first.entries == ["first"])
    #expect(second.entries == ["second"])
  }

  @Test func aReadOfASharedPlainModelIsToldOfAnUndoOfAnotherFeaturesWrite() throws {
    let store = Store(SyncUpsApp())
    let history = History(store)
    store.dispatch(MeetingAction.end(transcript: "Went well"))
    let log = track("detail") { _ = store.detail.syncUp.meetings }

    try history.undo()

    #expect(log.entries == ["detail"])
    #expect(store.detail.syncUp.meetings == [])
  }
}

/// A plain model held by a model that writes into it.
final class SyncUpHolder: Reducer {
  var syncUp = SyncUp()

  func reduce(action: MeetingAction) {
    if case let .end(transcript) = action { syncUp.meetings.append(transcript) }
  }
}

extension SharedModelObservationTests {
  @Test func aPlainModelReplacedOutsideADispatchAndReadAgainIsTheOneCompared() {
    let holder = SyncUpHolder()
    let store = Store(holder)
    let log = track("syncUp") { _ = store.syncUp.meetings }
    holder.syncUp = SyncUp()
    _ = store.syncUp

    store.dispatch(MeetingAction.end(transcript: "Went well"))

    #expect(log.entries == ["syncUp"])
  }
}
