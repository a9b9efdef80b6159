import Testing

@testable import SwiftReduce

/// The walk's fast paths keep every routing rule: leaves of one class in an
/// array of references are delivered in a loop that asks nothing again, and
/// an array of value-model leaves is reduced in one pass.
@MainActor
struct LeafRunTests {
  // MARK: - Class leaves in an array

  @Test func aLeafHeldTwiceInOneArrayIsReducedOnce() {
    let log = PlayLog()
    let a = Song("a", log)
    let setlist = Setlist([a, Song("b", log), a, Song("c", log)])
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "b", "c"])
    #expect(a.plays == 1)
  }

  @Test func leavesOfTwoClassesAlternatingAreReducedInArrayOrder() {
    let log = PlayLog()
    let setlist = Setlist([
      Song("a", log), Jingle("j1", log), Song("b", log), Song("c", log), Jingle("j2", log),
      Jingle("j3", log),
    ])
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "j1", "b", "c", "j2", "j3"])
  }

  @Test func leavesThatIgnoreTheActionBetweenLeavesThatTakeItAreSkipped() {
    let log = PlayLog()
    let silence = Silence()
    let setlist = Setlist([
      Song("a", log), silence, silence, Song("b", log), Silence(), Song("c", log),
    ])
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "b", "c"])
    #expect(silence.heard == 0)
  }

  @Test func aLeafThatRemovesTheNextLeafOfItsArrayLeavesItUnreduced() {
    let log = PlayLog()
    let songs = [
      Song("a", log), Song("b", log, .removeNext), Song("c", log), Song("d", log),
    ]
    let setlist = Setlist(songs)
    for song in songs { song.remote.setlist = setlist }
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "b", "d"])
    #expect(songs.map(\.plays) == [1, 1, 0, 1])
  }

  @Test func aLeafInsertedAtTheFrontByALeafOfTheSameClassIsReducedInTheSameDispatch() {
    let log = PlayLog()
    let inserted = Song("x", log)
    let songs = [Song("a", log), Song("b", log, .insertAtFront(inserted)), Song("c", log)]
    let setlist = Setlist(songs)
    for song in songs { song.remote.setlist = setlist }
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "b", "x", "c"])
    #expect((setlist.items as? [Song])?.map(\.plays) == [1, 1, 1, 1])
  }

  @Test func leavesOfAGenericModelClassAreReducedThroughTheirOwnEntry() {
    enum Live {}
    enum Studio {}
    let log = PlayLog()
    let setlist = Setlist([
      LabelledSong<Live>("a", log), LabelledSong<Live>("b", log),
      LabelledSong<Studio>("c", log),
    ])
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a (Live)", "b (Live)", "c (Studio)"])
  }

  @Test func leavesTakingTheActionAsAFamilyAreReducedInArrayOrderAmongExactLeaves() {
    let log = PlayLog()
    let setlist = Setlist([
      Song("a", log), Shuffler("s1", log), Song("b", log), Shuffler("s2", log),
      Shuffler("s3", log),
    ])
    Store(setlist).dispatch(Play())
    #expect(log.entries == ["a", "s1", "b", "s2", "s3"])
  }

  // MARK: - Value leaves in an array

  @Test func valueLeavesInAnArrayAreEachReducedOnceInPlace() {
    let rhythm = Rhythm([Beat("one"), Beat("two"), Beat("three")], lead: Song("lead", PlayLog()))
    let store = Store(rhythm)
    store.dispatch(Play())
    store.dispatch(Play())
    #expect(rhythm.beats.map(\.hits) == [2, 2, 2])
  }

  @Test func anArrayOfValueLeavesSharedWithACopyIsCopiedBeforeItIsReduced() {
    let rhythm = Rhythm([Beat("one"), Beat("two")], lead: Song("lead", PlayLog()))
    let before = rhythm.beats
    Store(rhythm).dispatch(Play())
    #expect(before.map(\.hits) == [0, 0])
    #expect(rhythm.beats.map(\.hits) == [1, 1])
  }

  @Test func valueLeavesTakingTheActionAsAFamilyAreReducedInPlace() {
    let rhythm = Rhythm([], lead: Song("lead", PlayLog()))
    rhythm.accents = [Accent(), Accent()]
    Store(rhythm).dispatch(Play())
    #expect(rhythm.accents.map(\.hits) == [1, 1])
  }

  @Test func valueLeavesReadFirstAreReducedBeforeTheModelsReadAfterThem() {
    let log = PlayLog()
    let rhythm = Rhythm([Beat("one")], lead: Song("lead", log))
    let recorder = OrderRecorder(rhythm)
    Store(rhythm).dispatch(Play())
    #expect(recorder.beatHitsWhenLeadPlayed == [1])
    #expect(log.entries == ["lead"])
  }

  @Test func valueLeavesReadAfterAModelAreReducedAfterIt() {
    let log = PlayLog()
    let chorus = Chorus(lead: Song("lead", log), [Beat("one")])
    let recorder = OrderRecorder(chorus)
    Store(chorus).dispatch(Play())
    #expect(recorder.beatHitsWhenLeadPlayed == [0])
    #expect(chorus.beats.map(\.hits) == [1])
  }

  @Test func anArrayEmptyWhenReadFirstAndFilledLaterInTheDispatchReceivesTheNextAction() {
    let log = PlayLog()
    let queue = Queue(head: Filler(log))
    queue.head.queue = queue
    let store = Store(queue)
    store.dispatch(Play())
    #expect(log.entries == ["filler"])
    store.dispatch(Play())
    #expect(log.entries == ["filler", "queued 0", "filler"])
    #expect(queue.later.map(\.plays) == [1, 0])
  }

  // MARK: - While a history records

  @Test func aRecordingHistorySeesEveryLeafOfARunAndEveryValueLeafOfAnArray() throws {
    let log = PlayLog()
    let rhythm = Rhythm([Beat("one"), Beat("two")], lead: Song("lead", log))
    let setlist = Setlist([Song("a", log), Song("b", log)])
    let store = Store(rhythm)
    let history = History(store)
    store.dispatch(Play())
    let setlistStore = Store(setlist)
    let setlistHistory = History(setlistStore)
    setlistStore.dispatch(Play())

    #expect(
      history.steps.last?.patches.map(\.description) == [
        "beats[0].hits: 0 → 1", "beats[1].hits: 0 → 1", "lead.plays: 0 → 1",
      ])
    #expect(
      setlistHistory.steps.last?.patches.map(\.description) == [
        "items[0].plays: 0 → 1", "items[1].plays: 0 → 1",
      ])
    try history.undo()
    try setlistHistory.undo()
    #expect(rhythm.beats.map(\.hits) == [0, 0])
    #expect(rhythm.lead.plays == 0)
    #expect((setlist.items as? [Song])?.map(\.plays) == [0, 0])
  }

  // MARK: - The visited set

  @Test func theVisitedSetKeepsEveryMarkWhileItsWordsGrowPastTheBlockFoundLast() {
    var visited = VisitedSet()
    // Far apart, so that nearly every address needs a block of its own and the words grow.
    let addresses = (1...500).map { UnsafeRawPointer(bitPattern: $0 << 17 | 0x30)! }
    #expect(addresses.map { visited.insert($0) } == Array(repeating: true, count: 500))
    #expect(addresses.map { visited.insert($0) } == Array(repeating: false, count: 500))
    let neighbours = addresses.map { $0 + 16 }
    #expect(neighbours.map { visited.insert($0) } == Array(repeating: true, count: 500))
    visited.removeAll()
    #expect(addresses.map { visited.insert($0) } == Array(repeating: true, count: 500))
  }
}

/// Records the beats' hits as the lead song of a rhythm or chorus plays.
@MainActor
private final class OrderRecorder {
  private(set) var beatHitsWhenLeadPlayed: [Int] = []

  init(_ rhythm: Rhythm) {
    rhythm.lead.onPlay = { [unowned self, unowned rhythm] in
      beatHitsWhenLeadPlayed = rhythm.beats.map(\.hits)
    }
  }

  init(_ chorus: Chorus) {
    chorus.lead.onPlay = { [unowned self, unowned chorus] in
      beatHitsWhenLeadPlayed = chorus.beats.map(\.hits)
    }
  }
}
