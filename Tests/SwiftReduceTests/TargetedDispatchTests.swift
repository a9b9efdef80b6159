import SwiftReduce
import Testing

@MainActor
struct TargetedDispatchTests {
  @Test func targetedActionReachesOnlyTheRowAndTheModelsBelowItParentsFirst() {
    let log = ChoreLog()
    let store = Store(ChoreList(log: log, titles: ["Milk", "Eggs", "Tea"]))
    store.dispatch(ChoreAction.toggle, to: \.items[id: 1])
    #expect(log.entries == ["item 1:toggle", "subtask:toggle"])
    #expect(store.items.map(\.isDone) == [false, true, false])
    #expect(store.pinned.text == "")
  }

  @Test func targetedActionFindsTheRowByItsIdWhereverItMoved() {
    let log = ChoreLog()
    let store = Store(ChoreList(log: log, titles: ["Milk", "Eggs"]))
    store.dispatch(ChoreListAction.insertFirst(id: 9, title: "Bread"))
    store.dispatch(ChoreAction.rename("Brown eggs"), to: \.items[id: 1])
    #expect(store.items.map(\.title) == ["Bread", "Milk", "Brown eggs"])
  }

  @Test func targetedActionToAValueModelRowIsReducedAndWrittenBack() {
    let store = Store(ChoreList(log: ChoreLog()))
    store.dispatch(MemoAction.append("call Ada"), to: \.memos[id: "b"])
    #expect(store.memos == [Memo(id: "a"), Memo(id: "b", lines: ["call Ada"])])
  }

  @Test func targetedActionToAPropertyReachesThatModelOnly() {
    let log = ChoreLog()
    let checklist = ChoreList(log: log, titles: ["Milk"])
    checklist.detail = ChoreDetail()
    let store = Store(checklist)
    store.dispatch(ChoreAction.rename("open"), to: \.detail)
    #expect(store.detail?.text == "open")
    #expect(store.pinned.text == "")
    #expect(store.items[0].title == "Milk")
    #expect(log.entries == [])
  }

  @Test func middlewareSeesATargetedActionWithItsPath() {
    var seen: [String] = []
    var paths: [TreePath] = []
    let store = Store(
      ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]),
      middleware: [
        Middleware { action, _, next in
          seen.append("\(action)")
          if let targeted = action as? TargetedAction { paths.append(targeted.path) }
          next(action)
        }
      ])
    store.dispatch(ChoreAction.toggle, to: \.items[id: 1])
    store.dispatch(MemoAction.append("x"), to: \.memos[id: "a"])
    store.dispatch(ChoreAction.toggle, to: \.items[0].subtask)
    #expect(
      seen == [
        "ChoreAction.toggle to items[id: 1]", #"MemoAction.append("x") to memos[id: "a"]"#,
        "ChoreAction.toggle to items[0].subtask",
      ])
    #expect(paths == ["items[id: 1]", #"memos[id: "a"]"#, "items[0].subtask"])
    #expect(
      paths[0].components == [.property("items"), .subscript("id: 1")])
  }

  /// Memos held by name, by number, and by a key whose text needs a snapshot.
  final class KeyedMemos: Reducer {
    var byName = [#"a "b""#: Memo(id: "n")]
    var byNumber = [-7: Memo(id: "7")]
    var byFlag = [true: Memo(id: "t")]
  }

  @Test func aDictionarysStringOrIntegerKeyNamesTheTargetsPath() {
    var seen: [String] = []
    var paths: [TreePath] = []
    let store = Store(
      KeyedMemos(),
      middleware: [
        Middleware { action, _, next in
          seen.append("\(action)")
          if let targeted = action as? TargetedAction { paths.append(targeted.path) }
          next(action)
        }
      ])
    store.dispatch(MemoAction.append("x"), to: \.byName[#"a "b""#])
    store.dispatch(MemoAction.append("y"), to: \.byNumber[-7])
    store.dispatch(MemoAction.append("z"), to: \.byFlag[true])

    #expect(
      seen == [
        #"MemoAction.append("x") to byName["a \"b\""]"#, #"MemoAction.append("y") to byNumber[-7]"#,
        #"MemoAction.append("z") to byFlag.<computed Optional<Memo>>"#,
      ])
    // Each named as a snapshot names it, key and all.
    #expect(paths[0] == TreePath([.property("byName"), .subscript(#""a \"b\"""#)]))
    #expect(paths[1].components == [.property("byNumber"), .subscript("-7")])
    #expect(store.byName.values.map(\.lines) == [["x"]])
    #expect(store.byNumber[-7]?.lines == ["y"])
    #expect(store.byFlag[true]?.lines == ["z"])
    // The paths the store gives the same values elsewhere.
    #expect(store.recipients(of: MemoAction.append("")).map(\.path).prefix(2) == paths.prefix(2))
  }

  @Test func targetedActionToTheRootItselfIsNamedByTheRootsPath() {
    var seen: [String] = []
    let store = Store(
      ChoreList(log: ChoreLog(), titles: ["Milk"]),
      middleware: [
        Middleware { action, _, next in
          seen.append("\(action)")
          next(action)
        }
      ])
    store.dispatch(ChoreListAction.add(id: 5, title: "Tea"), to: \.self)
    #expect(store.items.map(\.title) == ["Milk", "Tea"])
    #expect(seen == [#"ChoreListAction.add(id: 5, title: "Tea") to root"#])
    #expect(store.scope(\.self).path == .root)
  }

  @Test func middlewarePassingOnTheActionItSendsSendsItToTheWholeTree() {
    let store = Store(
      ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]),
      middleware: [
        Middleware { action, _, next in next((action as? TargetedAction)?.action ?? action) }
      ])
    store.dispatch(ChoreAction.toggle, to: \.items[id: 1])
    #expect(store.items.map(\.isDone) == [true, true])
  }

  @Test func targetedActionDispatchedDuringADispatchIsQueuedAndFindsItsTargetThen() {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk"]))
    var once = true
    let subscription = store.subscribe { _ in
      guard once else { return }
      once = false
      store.dispatch(ChoreAction.rename("Eggs!"), to: \.items[id: 5])
      store.dispatch(ChoreListAction.add(id: 5, title: "Eggs"))
    }
    store.dispatch(ChoreListAction.remove(id: 7))
    // The rename arrived before the row was added, so it found no row.
    #expect(store.items.map(\.title) == ["Milk", "Eggs"])
    store.dispatch(ChoreAction.rename("Eggs!"), to: \.items[id: 5])
    #expect(store.items.map(\.title) == ["Milk", "Eggs!"])
    subscription.cancel()
  }

  @Test func historyStepOfATargetedActionIsNamedWithItsTarget() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let history = History(store)
    store.dispatch(ChoreAction.rename("Oat milk"), to: \.items[id: 0])
    #expect(history.steps.map(\.label) == [#"ChoreAction.rename("Oat milk") to items[id: 0]"#])
    try history.undo()
    #expect(store.items.map(\.title) == ["Milk", "Eggs"])
  }

  @Test func printingChangesNamesTheTarget() {
    var lines: [String] = []
    let store = Store(
      ChoreList(log: ChoreLog(), titles: ["Milk"]),
      middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(ChoreAction.toggle, to: \.items[id: 0])
    #expect(
      lines == [
        "ChoreAction.toggle to items[id: 0]",
        "  items[0].isDone",
        "    - false",
        "    + true",
        "  items[0].subtask.done",
        "    - false",
        "    + true",
      ])
  }

  @Test func actionSentToAnArrayAndAnIdReachesThatRowAsTheIdKeyPathDoes() {
    var seen: [String] = []
    let log = ChoreLog()
    let store = Store(
      ChoreList(log: log, titles: ["Milk", "Eggs"]),
      middleware: [
        Middleware { action, _, next in
          seen.append("\(action)")
          next(action)
        }
      ])
    store.dispatch(ChoreAction.toggle, to: \.items, id: 1)
    store.dispatch(MemoAction.append("x"), to: \.memos, id: "b")
    store.dispatch(ChoreAction.toggle, to: \.items, id: 9)
    #expect(log.entries == ["item 1:toggle", "subtask:toggle"])
    #expect(store.memos[1].lines == ["x"])
    #expect(
      seen == [
        "ChoreAction.toggle to items[id: 1]", #"MemoAction.append("x") to memos[id: "b"]"#,
        "ChoreAction.toggle to items[id: 9]",
      ])
  }

  @Test func idSubscriptReadsReplacesRemovesAndAppends() {
    var memos = [Memo(id: "a"), Memo(id: "b")]
    #expect(memos[id: "b"] == Memo(id: "b"))
    #expect(memos[id: "z"] == nil)
    memos[id: "a"] = Memo(id: "a", lines: ["1"])
    memos[id: "c"] = Memo(id: "c")
    memos[id: "b"] = nil
    #expect(memos == [Memo(id: "a", lines: ["1"]), Memo(id: "c")])
  }

  #if DEBUG
    @Test func targetedActionThatFindsNoModelReducesNothingAndIsReportedInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let checklist = ChoreList(log: ChoreLog(), titles: ["Milk"])
          let store = Store(checklist)
          store.dispatch(ChoreAction.toggle, to: \.items[id: 3])
          store.dispatch(ChoreAction.toggle, to: \.detail)
          guard !checklist.items[0].isDone else { fatalError("the row was reduced") }
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: ChoreAction.toggle to items[id: 3] reached no model: there is none at items[id: 3] now, so nothing was reduced (reported in debug builds)
          SwiftReduce: ChoreAction.toggle to detail reached no model: there is none at detail now, so nothing was reduced (reported in debug builds)

          """)
    }

    @Test func targetedActionToAValueBehindAReadOnlyKeyPathIsReportedInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(ChoreList(log: ChoreLog()))
          store.dispatch(MemoAction.append("x"), to: \.firstMemo)
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: MemoAction.append("x") to <computed Memo> reached no model: the SwiftReduceTests.Memo at <computed Memo> is a value, reduced in a copy written back through the key path, and the key path is not writable. Make each property on the way a `var` (reported in debug builds)

          """)
    }
  #endif
}
