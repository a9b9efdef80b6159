import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct HistoryTests {
  /// A mixtape with two tracks, two filed, one tag and a listener, and a history recording it.
  private func makeMixtape() -> (Store<Mixtape>, History<Mixtape>) {
    let mixtape = Mixtape()
    mixtape.name = "Road"
    mixtape.tracks = [Track(title: "Heat"), Track(title: "Alien")]
    mixtape.shelf = ["a": Track(title: "Alien"), "h": Track(title: "Heat")]
    mixtape.tags = ["night"]
    mixtape.listeners = [Listener("Ada")]
    let store = Store(mixtape)
    return (store, History(store))
  }

  private func patches(_ history: History<Mixtape>) -> [String] {
    history.steps.last.map { $0.patches.map(\.description) } ?? []
  }

  // MARK: - Patches

  @Test func aDispatchIsOneStepLabelledWithItsActionAndItsPatches() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Night drive"))
    let step = try #require(history.steps.last)
    #expect(history.steps.count == 1)
    #expect(step.label == "MixtapeAction.rename(\"Night drive\")")
    #expect(step.actions == ["MixtapeAction.rename(\"Night drive\")"])
    #expect(step.kind == .change)
    let patch = try #require(step.patches.first)
    #expect(patch.kind == .changed)
    #expect(patch.path == "name")
    #expect(patch.before as? String == "Road")
    #expect(patch.after as? String == "Night drive")
    #expect(patch.description == "name: \"Road\" → \"Night drive\"")
  }

  @Test func patchesOfAnArrayNameTheElementInsertedRemovedOrChanged() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.add("Dune"))
    #expect(patches(history) == ["tracks[2]: inserted Track(title: \"Dune\", plays: 0)"])
    store.dispatch(MixtapeAction.remove(at: 0))
    #expect(patches(history) == ["tracks[0]: removed Track(title: \"Heat\", plays: 0)"])
    store.dispatch(MixtapeAction.retitle(at: 1, "Dune II"))
    #expect(patches(history) == ["tracks[1].title: \"Dune\" → \"Dune II\""])
  }

  @Test func patchesOfADictionaryNameTheKeyAddedRemovedOrChanged() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.file("Dune", under: "d"))
    #expect(patches(history) == ["shelf[\"d\"]: inserted Track(title: \"Dune\", plays: 0)"])
    store.dispatch(MixtapeAction.unfile("a"))
    #expect(patches(history) == ["shelf[\"a\"]: removed Track(title: \"Alien\", plays: 0)"])
    store.dispatch(MixtapeAction.file("Heat 2", under: "h"))
    #expect(patches(history) == ["shelf[\"h\"].title: \"Heat\" → \"Heat 2\""])
  }

  @Test func patchesOfASetNameTheMemberInsertedOrRemoved() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.tag("drive"))
    #expect(patches(history) == ["tags: inserted \"drive\""])
    store.dispatch(MixtapeAction.untag("night"))
    #expect(patches(history) == ["tags: removed \"night\""])
  }

  @Test func patchesOfValueModelsNameTheirStoredPropertiesWhereTheyAreStored() {
    let store = Store(Board())
    let history = History(store)
    store.dispatch(CounterAction.increment)
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "counter.count: 0 → 1", "counters[0].count: 0 → 1", "counters[1].count: 0 → 1",
      ])
    #expect(
      history.steps.last?.patches.map(\.path) == [
        "counter.count", "counters[0].count", "counters[1].count",
      ])
  }

  @Test func patchesOfAValueModelInADictionaryAndAnArrayOfThemTogether() {
    let (store, history) = makeMixtape()
    store.dispatch(TrackAction.play)
    #expect(
      patches(history) == [
        "tracks[0].plays: 0 → 1", "tracks[1].plays: 0 → 1", "shelf[\"a\"].plays: 0 → 1",
        "shelf[\"h\"].plays: 0 → 1",
      ])
  }

  @Test func anOptionalIsPatchedWholeWhenItBecomesNilOrStopsBeingNil() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.note("loud"))
    #expect(patches(history) == ["note: nil → \"loud\""])
    store.dispatch(MixtapeAction.note("quiet"))
    #expect(patches(history) == ["note: \"loud\" → \"quiet\""])
    store.dispatch(MixtapeAction.note(nil))
    #expect(patches(history) == ["note: \"quiet\" → nil"])
  }

  @Test func aModelHeldIsComparedByIdentityAndItsOwnPropertiesByItsOwnPatches() throws {
    let (store, history) = makeMixtape()
    let grace = Listener("Grace")
    store.dispatch(MixtapeAction.invite(grace))
    let invited = try #require(history.steps.last?.patches.first)
    #expect(invited.kind == .inserted)
    #expect(invited.path == "listeners[1]")
    let after = try #require(invited.after as? Listener)
    #expect(after === grace)
    store.dispatch(ListenerAction.rename("Grace H."))
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "listeners[0].name: \"Ada\" → \"Grace H.\"", "listeners[1].name: \"Grace\" → \"Grace H.\"",
      ])
  }

  @Test func plainPropertiesOfEveryWidthAreComparedByTheirBytesAndUndoneExactly() throws {
    let card = BowlingCard()
    let store = Store(card)
    let history = History(store)
    store.dispatch(BowlingAction.bowl(knocked: 10, lane: 4))
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "frame: 1 → 2", "isStrike: false → true", "lane: 1 → 4", "pins.standing: 10 → 0",
        "pins.knocked: 0 → 10",
      ])
    store.dispatch(BowlingAction.bowl(knocked: 3, lane: 4))
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "frame: 2 → 3", "isStrike: true → false", "pins.standing: 0 → 7", "pins.knocked: 10 → 3",
      ])
    try history.undo()
    try history.undo()
    #expect(card.frame == 1 && !card.isStrike && card.lane == 1)
    #expect(card.pins == Pins(standing: 10, knocked: 0))
  }

  @Test func stringsAndDoublesWrittenAgainAsEqualValuesAreNoStep() throws {
    let card = BowlingCard()
    let store = Store(card)
    let history = History(store)
    store.dispatch(BowlingAction.rewrite)
    #expect(history.steps.isEmpty)
    #expect(card.average.sign == .minus)
    store.dispatch(BowlingAction.rename("Grace Hopper, who bowls on Fridays"))
    #expect(
      history.steps.last?.patches.map(\.description) == [
        "bowler: \"Ada Lovelace, who bowls on Tuesdays\" → \"Grace Hopper, who bowls on Fridays\""
      ])
    try history.undo()
    #expect(card.bowler == "Ada Lovelace, who bowls on Tuesdays")
  }

  @Test func anUntraversedPropertyIsNeverRecorded() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.scribble("cache"))
    #expect(history.steps.isEmpty)
    #expect(!history.canUndo)
  }

  @Test func aDispatchThatChangesNothingIsNoStep() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Road"))
    store.dispatch(MixtapeAction.tag("night"))
    #expect(history.steps.isEmpty)
  }

  @Test func aGroupIsOneStepNamedByTheCaller() throws {
    let (store, history) = makeMixtape()
    let kept = history.record("a new start") {
      store.dispatch(MixtapeAction.rename("Dawn"))
      store.dispatch(MixtapeAction.remove(at: 1))
    }
    #expect(kept)
    #expect(history.steps.count == 1)
    let step = try #require(history.steps.first)
    expectText(
      step.description,
      """
      a new start
        MixtapeAction.rename("Dawn")
        MixtapeAction.remove(at: 1)
        name: "Road" → "Dawn"
        tracks[1]: removed Track(title: "Alien", plays: 0)
      """)
    #expect(!history.record("nothing") { store.dispatch(MixtapeAction.rename("Dawn")) })
    #expect(history.steps.count == 1)
  }

  @Test func aValueChangedAgainInAGroupIsOnePatchAndNoneWhenItEndsAsItWas() {
    let (store, history) = makeMixtape()
    history.record("renames") {
      store.dispatch(MixtapeAction.rename("A"))
      store.dispatch(MixtapeAction.rename("B"))
    }
    #expect(patches(history) == ["name: \"Road\" → \"B\""])
    let kept = history.record("back and forth") {
      store.dispatch(MixtapeAction.rename("C"))
      store.dispatch(MixtapeAction.rename("B"))
    }
    #expect(!kept)
    #expect(history.steps.count == 1)
  }

  // MARK: - Undo and redo

  @Test func undoReturnsTheTreeToItsSnapshotBeforeTheStep() throws {
    let (store, history) = makeMixtape()
    let before = TreeSnapshot(store.root)
    store.dispatch(TrackAction.play)
    store.dispatch(MixtapeAction.remove(at: 0))
    store.dispatch(MixtapeAction.untag("night"))
    store.dispatch(MixtapeAction.unfile("h"))
    while try history.undo() != nil {}
    #expect(TreeSnapshot(store.root).difference(from: before).description == "")
    #expect(history.undoneSteps.count == 4)
  }

  @Test func undoIsExactAfterUnrelatedChangesByAnotherWriter() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.remove(at: 0))
    // Another writer, around the element the step removed.
    history.record("theirs", kind: .merge) {
      store.dispatch(MixtapeAction.add("Dune"))
      store.dispatch(MixtapeAction.rename("Theirs"))
      store.dispatch(MixtapeAction.file("Casablanca", under: "c"))
    }
    let undone = try #require(try history.undo())
    #expect(undone.label == "MixtapeAction.remove(at: 0)")
    #expect(store.tracks.map(\.title) == ["Heat", "Alien", "Dune"])
    #expect(store.name == "Theirs")
    #expect(store.shelf.keys.sorted() == ["a", "c", "h"])
    #expect(history.steps.map(\.label) == ["theirs"])
  }

  @Test func aStepAnotherWriterChangedIsRefusedWholeNamingThePath() throws {
    let (store, history) = makeMixtape()
    history.record("retitle and rename") {
      store.dispatch(MixtapeAction.rename("Mine"))
      store.dispatch(MixtapeAction.file("Heat 2", under: "h"))
    }
    history.record("theirs", kind: .merge) {
      store.dispatch(MixtapeAction.file("Heat 3", under: "h"))
    }
    let before = TreeSnapshot(store.root)
    #expect {
      try history.undo()
    } throws: { error in
      let conflict = try #require(error as? HistoryConflict)
      return conflict.path == "shelf[\"h\"].title"
        && conflict.step == "retitle and rename"
        && conflict.description
          == "Cannot undo \"retitle and rename\": shelf[\"h\"].title is \"Heat 3\" now, not "
          + "\"Heat 2\". Nothing was changed."
    }
    // The name, which nobody else changed, was not undone either.
    #expect(store.name == "Mine")
    #expect(TreeSnapshot(store.root).difference(from: before).description == "")
    #expect(history.steps.map(\.label) == ["retitle and rename", "theirs"])
    #expect(history.undoneSteps.isEmpty)
  }

  @Test func aRemovedKeyTakenAgainByAnotherWriterIsAConflict() {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.unfile("a"))
    history.record("theirs", kind: .merge) {
      store.dispatch(MixtapeAction.file("Aliens", under: "a"))
    }
    #expect {
      try history.undo()
    } throws: { error in
      (error as? HistoryConflict)?.description
        == "Cannot undo \"MixtapeAction.unfile(\"a\")\": shelf[\"a\"] is taken now. "
        + "Nothing was changed."
    }
    #expect(store.shelf["a"]?.title == "Aliens")
  }

  @Test func aRemovedModelComesBackAsTheSameInstance() throws {
    let (store, history) = makeMixtape()
    let ada = store.root.listeners[0]
    store.dispatch(MixtapeAction.dismiss(at: 0))
    #expect(store.listeners.isEmpty)
    try history.undo()
    #expect(store.listeners.count == 1)
    #expect(store.root.listeners[0] === ada)
  }

  @Test func redoAppliesAStepUndoneAgain() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("One"))
    store.dispatch(MixtapeAction.add("Dune"))
    try history.undo()
    try history.undo()
    #expect(store.name == "Road")
    #expect(history.canRedo)
    #expect(try history.redo()?.label == "MixtapeAction.rename(\"One\")")
    #expect(try history.redo()?.label == "MixtapeAction.add(\"Dune\")")
    #expect(try history.redo() == nil)
    #expect(store.name == "One")
    #expect(store.tracks.map(\.title) == ["Heat", "Alien", "Dune"])
  }

  @Test func aNewStepClearsRedoAndAMergeDoesNot() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("One"))
    try history.undo()
    history.record("theirs", kind: .merge) { store.dispatch(MixtapeAction.tag("theirs")) }
    #expect(history.canRedo)
    store.dispatch(MixtapeAction.rename("Two"))
    #expect(!history.canRedo)
    #expect(try history.redo() == nil)
  }

  @Test func undoPassesOverMergesAndHasNothingWhenOnlyMergesAreLeft() throws {
    let (store, history) = makeMixtape()
    history.record("theirs", kind: .merge) { store.dispatch(MixtapeAction.tag("theirs")) }
    #expect(!history.canUndo)
    #expect(try history.undo() == nil)
    #expect(store.tags == ["night", "theirs"])
  }

  @Test func aPlainActionIsLabelledByItsTextForEachValue() {
    let store = Store(Dartboard())
    let history = History(store)
    for action in [DartAction.add(2), .add(3), .add(2), .reset] { store.dispatch(action) }
    #expect(
      history.steps.map(\.label) == [
        "DartAction.add(2)", "DartAction.add(3)", "DartAction.add(2)", "DartAction.reset",
      ])
  }

  @Test func anActionWithItsOwnDescriptionIsLabelledAfreshEachTime() {
    let store = Store(Inkpad())
    let history = History(store)
    let before = stampsMade
    store.dispatch(Stamp())
    store.dispatch(Stamp())
    #expect(history.steps.map(\.label) == ["Stamp \(before + 1)", "Stamp \(before + 2)"])
  }

  @Test func stepsThatChangeTheSameModelsEachUndoExactlyAfterTheModelsLeaveTheTree() throws {
    let log = PlayLog()
    let songs = [Song("a", log), Song("b", log)]
    let setlist = Setlist(songs)
    let store = Store(setlist)
    let history = History(store)
    for _ in 0..<3 { store.dispatch(Play()) }
    #expect(
      history.steps.map { $0.patches.map(\.description) } == [
        ["items[0].plays: 0 → 1", "items[1].plays: 0 → 1"],
        ["items[0].plays: 1 → 2", "items[1].plays: 1 → 2"],
        ["items[0].plays: 2 → 3", "items[1].plays: 2 → 3"],
      ])
    // Another writer takes them out: the steps still hold them.
    setlist.items = []
    #expect(
      history.steps[2].patches.map(\.description) == ["Song.plays: 2 → 3", "Song.plays: 2 → 3"])
    try history.undo()
    #expect(songs.map(\.plays) == [2, 2])
    try history.undo()
    try history.undo()
    #expect(songs.map(\.plays) == [0, 0])
    try history.redo()
    #expect(songs.map(\.plays) == [1, 1])
  }

  @Test func theModelsAStepChangedAreReleasedWithItsHistory() {
    weak var song: Song?
    weak var dartboard: Dartboard?
    do {
      let played = Song("a", PlayLog())
      let store = Store(Setlist([played]))
      let history = History(store)
      store.dispatch(Play())
      store.dispatch(Play())
      let scored = Dartboard()
      let scoreStore = Store(scored)
      let scoreHistory = History(scoreStore)
      scoreStore.dispatch(DartAction.add(1))
      #expect(history.steps.count == 2 && scoreHistory.steps.count == 1)
      song = played
      dartboard = scored
    }
    #expect(song == nil)
    #expect(dartboard == nil)
  }

  @Test func theLimitForgetsTheOldestSteps() throws {
    let mixtape = Mixtape()
    let store = Store(mixtape)
    let history = History(store, limit: 2)
    for name in ["a", "b", "c"] { store.dispatch(MixtapeAction.rename(name)) }
    #expect(
      history.steps.map(\.label) == ["MixtapeAction.rename(\"b\")", "MixtapeAction.rename(\"c\")"])
    try history.undo()
    try history.undo()
    #expect(try history.undo() == nil)
    #expect(store.name == "a")
  }

  @Test func propertiesTheFilterLeavesOutAreNeitherRecordedNorChecked() throws {
    let store = Store(Mixtape())
    let history = History(store) { _, property in property != "note" }
    store.dispatch(MixtapeAction.note("shown only"))
    #expect(history.steps.isEmpty)
    history.record("both") {
      store.dispatch(MixtapeAction.rename("Kept"))
      store.dispatch(MixtapeAction.note("changed again"))
    }
    store.dispatch(MixtapeAction.note("by someone else"))
    try history.undo()
    #expect(store.name == "")
    #expect(store.note == "by someone else")
  }

  @Test func undoTellsSubscribersAndObservationLikeADispatch() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Night"))
    var heard: [String] = []
    let subscription = store.subscribe(\.name) { heard.append($0) }
    let log = track("name") { _ = store.name }
    track("tracks", in: log) { _ = store.tracks }
    try history.undo()
    #expect(heard == ["Night", "Road"])
    #expect(log.entries == ["name"])
    subscription.cancel()
  }

  @Test func aDispatchMadeDuringAnUndoRunsAfterIt() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Night"))
    var names: [String] = []
    let subscription = store.subscribe { root in
      names.append(root.name)
      if names.count == 1 { store.dispatch(MixtapeAction.tag("after undo")) }
    }
    try history.undo()
    #expect(names == ["Road", "Road"])
    #expect(store.tags == ["night", "after undo"])
    subscription.cancel()
  }

  @Test func undoDuringADispatchIsRefused() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Night"))
    var refusal: String?
    let subscription = store.subscribe { _ in
      do throws(HistoryConflict) { try history.undo() } catch { refusal = error.description }
    }
    store.dispatch(MixtapeAction.tag("x"))
    #expect(
      refusal
        == "Cannot undo \"MixtapeAction.tag(\"x\")\" while a dispatch is in progress: undo "
        + "after it. Nothing was changed.")
    subscription.cancel()
  }

  // MARK: - Time travel

  @Test func timeTravelMovesTheTreeToAnyStepAndBack() throws {
    let (store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("One"))
    store.dispatch(MixtapeAction.add("Dune"))
    store.dispatch(MixtapeAction.tag("two"))
    expectText(
      history.timeline.map(\.description).joined(separator: "\n"),
      """
      MixtapeAction.rename("One")
        MixtapeAction.rename("One")
        name: "Road" → "One"
      MixtapeAction.add("Dune")
        MixtapeAction.add("Dune")
        tracks[2]: inserted Track(title: "Dune", plays: 0)
      MixtapeAction.tag("two")
        MixtapeAction.tag("two")
        tags: inserted "two"
      """)
    try history.travel(to: 0)
    #expect(history.position == 0)
    #expect(store.name == "Road" && store.tracks.count == 2 && store.tags == ["night"])
    try history.travel(to: 2)
    #expect(history.position == 2)
    #expect(store.name == "One" && store.tracks.count == 3 && store.tags == ["night"])
    try history.travel(to: 3)
    #expect(store.tags == ["night", "two"])
    #expect(history.timeline.count == 3)
  }
}
