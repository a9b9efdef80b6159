import Observation
import SwiftReduce
import Testing

/// Reads, bindings and key-path subscriptions whose path stops applying during a dispatch
/// (a position past the end, a forced optional now `nil`) never stop the program where the
/// store reads key path layouts: a read counts as changed, is told once and is dropped; a
/// binding gives its last value; a subscription ends, with a debug report naming its path.
@MainActor
struct RemovedRowReadTests {
  @Test(.enabled(if: KeyPathReading.isActive))
  func aReadOfARemovedRowCountsAsChangedAndIsDropped() {
    let store = Store(Checklist())
    let log = track("rows[2].title") { _ = store[dynamicMember: \.rows[2].title] }

    store.dispatch(ChecklistAction.remove(2))
    store.dispatch(ChecklistAction.retitle(0, "A"))

    #expect(log.entries == ["rows[2].title"])
    #expect(store.rows.map(\.title) == ["A", "b"])
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aBindingToARemovedRowDoesNotStopTheProgram() {
    let store = Store(Checklist())
    let title = store[\.rows[2].title, { ChecklistAction.retitle(2, $0) }]
    let log = track("title") { _ = title.wrappedValue }

    store.dispatch(ChecklistAction.remove(2))
    store.dispatch(ChecklistAction.append("d"))

    #expect(log.entries == ["title"])
    #expect(title.wrappedValue == "d")
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aBindingToARemovedRowReadsTheLastValueItRead() {
    let store = Store(Checklist())
    let title = store.binding(reading: \.rows[2].title)
    #expect(title.wrappedValue == "c")

    store.dispatch(ChecklistAction.remove(2))

    #expect(title.wrappedValue == "c")
    #expect(store.binding(reading: \.rows[2].title).wrappedValue == "c")
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aBindingReadAgainAfterItsRowIsRemovedIsToldAtTheNextDispatch() {
    let store = Store(Checklist())
    let title = store.binding(reading: \.rows[2].title)
    _ = title.wrappedValue
    store.dispatch(ChecklistAction.remove(2))
    let log = track("title") { _ = title.wrappedValue }

    store.dispatch(ChecklistAction.retitle(0, "A"))

    #expect(log.entries == ["title"])
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aSubscriptionToARemovedRowEndsAndItsListenerIsNotCalledAgain() {
    let store = Store(Checklist())
    var seen: [String] = []
    let subscription = store.subscribe(\.rows[2].title) { seen.append($0) }

    store.dispatch(ChecklistAction.retitle(2, "C"))
    store.dispatch(ChecklistAction.remove(2))
    store.dispatch(ChecklistAction.append("d"))
    store.dispatch(ChecklistAction.retitle(2, "D"))

    #expect(seen == ["c", "C"])
    withExtendedLifetime(subscription) {}
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aSubscriptionToARowStillThereFollowsWhatIsAtItsPosition() {
    let store = Store(Checklist())
    var seen: [String] = []
    let subscription = store.subscribe(\.rows[1].title) { seen.append($0) }

    store.dispatch(ChecklistAction.remove(0))
    store.dispatch(ChecklistAction.remove(0))

    #expect(seen == ["b", "c"])
    withExtendedLifetime(subscription) {}
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aSubscriptionToARemovedStructRowEnds() {
    let store = Store(Checklist())
    var seen: [String] = []
    let subscription = store.subscribe(\.notes[1].text) { seen.append($0) }

    store.dispatch(ChecklistAction.dropNote(1))
    store.dispatch(ChecklistAction.append("d"))

    #expect(seen == ["second"])
    withExtendedLifetime(subscription) {}
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aSubscriptionToARemovedObservableRowEnds() {
    let store = Store(Checklist())
    var seen: [String] = []
    let subscription = store.subscribe(\.tasks[1].title) { seen.append($0) }

    store.dispatch(ChecklistAction.removeTask(1))
    store.dispatch(ChecklistAction.append("d"))

    #expect(seen == ["write"])
    withExtendedLifetime(subscription) {}
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aReadThroughAForcedOptionalNowNilCountsAsChangedAndIsDropped() {
    let store = Store(Checklist())
    let panelTitle = store.binding(reading: \.panel!.title)
    let log = track("panel!.title") { _ = panelTitle.wrappedValue }

    store.dispatch(ChecklistAction.closePanel)
    store.dispatch(ChecklistAction.append("d"))

    #expect(log.entries == ["panel!.title"])
    #expect(panelTitle.wrappedValue == "Details")
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func aSubscriptionThroughAForcedOptionalNowNilEnds() {
    let store = Store(Checklist())
    var seen: [String] = []
    let subscription = store.subscribe(\.panel!.title) { seen.append($0) }

    store.dispatch(ChecklistAction.closePanel)
    store.dispatch(ChecklistAction.append("d"))

    #expect(seen == ["Details"])
    withExtendedLifetime(subscription) {}
  }

  @Test func aSubscriptionThroughAnOptionalChainReadsNilWhenTheOptionalIsNil() {
    let store = Store(Checklist())
    var seen: [String?] = []
    let subscription = store.subscribe(\.panel?.title) { seen.append($0) }

    store.dispatch(ChecklistAction.closePanel)
    store.dispatch(ChecklistAction.append("d"))

    #expect(seen == ["Details", nil])
    withExtendedLifetime(subscription) {}
  }

  @Test func aSubscriptionToAKeyThatIsGoneReadsNil() {
    let store = Store(Checklist())
    var seen: [String?] = []
    let subscription = store.subscribe(\.byName["b"]?.title) { seen.append($0) }

    store.dispatch(ChecklistAction.forget("b"))
    store.dispatch(ChecklistAction.append("d"))

    #expect(seen == ["keyed b", nil])
    withExtendedLifetime(subscription) {}
  }

  #if DEBUG
    @Test(.enabled(if: KeyPathReading.isActive))
    func aSubscriptionToARemovedRowEndsWithAReportNamingItsKeyPath() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(Checklist())
          let subscriptions = [
            store.subscribe(\.rows[2].title) { _ in },
            store.subscribe(\.panel!.title) { _ in },
          ]
          store.dispatch(ChecklistAction.remove(2))
          store.dispatch(ChecklistAction.closePanel)
          store.dispatch(ChecklistAction.append("d"))
          withExtendedLifetime(subscriptions) {}
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: the subscription to \\Checklist.rows[2].title ended: its path no longer \
          applies (a position past the end of an array, or a forced optional that is nil), so \
          its listener is not called again. Subscribe again to follow what is there now. \
          (reported in debug builds)
          SwiftReduce: the subscription to \\Checklist.panel!.title ended: its path no longer \
          applies (a position past the end of an array, or a forced optional that is nil), so \
          its listener is not called again. Subscribe again to follow what is there now. \
          (reported in debug builds)

          """)
    }
  #endif
}
