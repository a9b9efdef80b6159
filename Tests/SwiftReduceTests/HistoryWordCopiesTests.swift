import SwiftReduce
import Testing

/// The history's copies of a model's properties as whole words: what is
/// recorded when only plain words change, when they change beside properties
/// their bits do not decide, and for models copied property by property.
@MainActor
struct HistoryWordCopiesTests {
  private func patches<Root>(_ history: History<Root>) -> [String] {
    history.steps.last.map { $0.patches.map(\.description) } ?? []
  }

  @Test func plainWordsThatAloneChangedAreRecordedInDeclarationOrderAndUndoneExactly() throws {
    let board = MatchBoard()
    let store = Store(board)
    let history = History(store)
    store.dispatch(MatchAction.goal)
    store.dispatch(MatchAction.goal)
    #expect(
      patches(history) == [
        "goals: 1 → 2",
        "score.home: 1 → 2",
      ])
    try history.undo()
    #expect(board.goals == 1 && board.score == MatchScore(home: 1, away: 0))
    try history.redo()
    #expect(board.goals == 2 && board.score == MatchScore(home: 2, away: 0))
    try history.undo()
    try history.undo()
    #expect(board.goals == 0 && board.score == MatchScore(home: 0, away: 0))
  }

  @Test func boatsChangingTheSameWordsAreRecordedOneByOneAroundALateBoatAndUndoneExactly() throws {
    let boats = [
      Scull(name: "Ada"), Scull(name: "Grace"), Scull(name: "Late", isLate: true),
      Scull(name: "Edsger"), Scull(name: "Barbara"),
    ]
    let regatta = Regatta(boats: boats)
    let store = Store(regatta)
    let history = History(store)
    store.dispatch(RegattaAction.stroke)
    store.dispatch(RegattaAction.stroke)
    #expect(
      patches(history) == [
        "boats[0].strokes: 1 → 2", "boats[1].strokes: 1 → 2", "boats[2].strokes: 1 → 2",
        "boats[2].penalties: 1 → 2", "boats[3].strokes: 1 → 2", "boats[4].strokes: 1 → 2",
      ])
    try history.undo()
    #expect(boats.map(\.strokes) == [1, 1, 1, 1, 1] && boats.map(\.penalties) == [0, 0, 1, 0, 0])
    try history.undo()
    #expect(boats.map(\.strokes) == [0, 0, 0, 0, 0] && boats.map(\.penalties) == [0, 0, 0, 0, 0])
    try history.redo()
    try history.redo()
    #expect(boats.map(\.strokes) == [2, 2, 2, 2, 2] && boats.map(\.penalties) == [0, 0, 2, 0, 0])
  }

  @Test func plainWordsChangedBesideABytesWordAndADoubleAreRecordedPropertyByProperty() throws {
    let board = MatchBoard()
    let store = Store(board)
    let history = History(store)
    store.dispatch(MatchAction.nextPeriod)
    #expect(patches(history) == ["goals: 0 → 1", "period: 1 → 2", "clock: 20.0 → 40.0"])
    try history.undo()
    #expect(board.goals == 0 && board.period == 1 && board.clock == 20.0)
    #expect(!board.isOvertime)
  }

  @Test func unchangedStringsOfEveryKindOutliveManyRecordedDispatches() throws {
    let board = MatchBoard()
    let store = Store(board)
    let history = History(store, limit: 10)
    let title = board.title
    for _ in 0..<50 { store.dispatch(MatchAction.goal) }
    #expect(history.steps.count == 10)
    #expect(board.title == title)
    #expect(board.venue == "Hall 4")
    #expect(board.sponsor == "Brought to you by the league")
    store.dispatch(MatchAction.retitle(String(repeating: "Spring cup, ", count: 4)))
    #expect(
      patches(history) == [
        "title: \"\(title)\" → \"\(String(repeating: "Spring cup, ", count: 4))\""
      ])
    try history.undo()
    #expect(board.title == title)
    for _ in 0..<9 { try history.undo() }
    #expect(board.goals == 41)
    #expect(board.venue == "Hall 4")
  }

  @Test func flagsKeptAfterACopyThatEndsOffAWordAreComparedAsAlignedWords() throws {
    let stadium = Stadium()
    let store = Store(stadium)
    let history = History(store)
    store.dispatch(MatchAction.goal)
    let patches = history.steps.last?.patches ?? []
    #expect(patches.map(\.path) == ["lamps[0].home", "lamps[1].home"])
    #expect(
      patches.map(\.description) == ["lamps[0].home: false → true", "lamps[1].home: false → true"])
    try history.undo()
    #expect(stadium.lamps.allSatisfy { !$0.home && !$0.away })
  }

  @Test func aBroadcastToMoreModelsThanTheRecorderFirstHasRoomForIsRecordedWhole() throws {
    let day = MatchDay(count: 300)
    let store = Store(day)
    let history = History(store)
    store.dispatch(MatchAction.goal)
    let paths = history.steps.last?.patches.map(\.path) ?? []
    #expect(paths.count == 600)
    #expect(paths.prefix(2) == ["boards[0].goals", "boards[0].score.home"])
    #expect(paths.suffix(2) == ["boards[299].goals", "boards[299].score.home"])
    try history.undo()
    #expect(day.boards.allSatisfy { $0.goals == 0 && $0.score == MatchScore(home: 0, away: 0) })
    #expect(day.boards[0].title == "Board 0")
    #expect(day.boards[1].title == String(repeating: "Winter league final, ", count: 3))
  }

  @Test func aModelWiderThanARunOfWordsIsRecordedPropertyByProperty() throws {
    let book = YearBook()
    let store = Store(book)
    let history = History(store)
    store.dispatch(InstrumentAction.post(12))
    #expect(history.steps.last?.patches.map(\.path) == ["september.values.0"])
    #expect(book.september.values.0 == 12)
    try history.undo()
    #expect(book.september.values.0 == 0)
  }

  @Test func aModelWithAPropertyAlignedPastAWordIsRecordedPropertyByProperty() throws {
    let vane = Weathervane()
    let store = Store(vane)
    let history = History(store)
    store.dispatch(InstrumentAction.turn)
    #expect(
      patches(history) == [
        "heading: SIMD4<Float>(0.0, 0.0, 1.0, 0.0) → SIMD4<Float>(0.0, 1.0, 0.0, 0.0)",
        "turns: 0 → 1",
      ])
    try history.undo()
    #expect(vane.heading == SIMD4(0, 0, 1, 0) && vane.turns == 0)
  }
}
