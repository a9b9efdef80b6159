import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A feature module's view of a row, written against its scope alone.
@MainActor
private func rowText(_ item: Scope<Chore>) -> String {
  (item.isDone ? "[x] " : "[ ] ") + item.title
}

/// Counts the calls of an Observation `onChange`, which may run on any thread.
private final class ChangeCount: @unchecked Sendable {
  private(set) var count = 0
  func add() { count += 1 }
}

@MainActor
struct ScopeTests {
  @Test func scopeReadsAreRelativeToItsModel() {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk"]))
    let pinned = store.scope(\.pinned)
    store.dispatch(ChoreAction.rename("note"))
    #expect(pinned.text == "note")
    #expect(pinned.read(\.text) == "note")
    #expect(pinned.model === store.pinned)
    #expect(pinned.path == "pinned")
  }

  @Test func featureModuleIsWrittenAgainstAScopeWithoutTheRootType() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    eggs.dispatch(ChoreAction.toggle)
    #expect(rowText(eggs) == "[x] Eggs")
    #expect(eggs.path == "items[id: 1]")
  }

  @Test func scopeThroughAnIdFollowsTheRowWhereverItMoved() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    store.dispatch(ChoreListAction.insertFirst(id: 7, title: "Bread"))
    store.dispatch(ChoreListAction.remove(id: 0))
    eggs.dispatch(ChoreAction.rename("Brown eggs"))
    #expect(eggs.title == "Brown eggs")
    #expect(store.items.map(\.title) == ["Bread", "Brown eggs"])
  }

  @Test func scopeDispatchReachesOnlyItsModelAndTheModelsBelowIt() throws {
    let log = ChoreLog()
    let store = Store(ChoreList(log: log, titles: ["Milk", "Eggs"]))
    let milk = try #require(store.scope(\.items[id: 0]))
    milk.dispatch(ChoreAction.toggle)
    milk.dispatch(ChoreAction.rename("Oat milk"), to: \.subtask)
    #expect(log.entries == ["item 0:toggle", "subtask:toggle", "subtask:rename(\"Oat milk\")"])
  }

  @Test func scopeOfAnOptionalIsNilWhileNoModelIsThere() {
    let checklist = ChoreList(log: ChoreLog())
    let store = Store(checklist)
    #expect(store.scope(\.detail) == nil)
    #expect(store.scope(\.items[id: 0]) == nil)
    checklist.detail = ChoreDetail()
    #expect(store.scope(\.detail)?.text == "")
  }

  @Test func scopeOfAValueModelRowDispatchesToItAndReadsIt() throws {
    let store = Store(ChoreList(log: ChoreLog()))
    let note = try #require(store.scope(\.memos[id: "b"]))
    note.dispatch(MemoAction.append("call Ada"))
    #expect(note.lines == ["call Ada"])
    #expect(store.memos[0].lines == [])
  }

  @Test func scopeOfAScopeHasTheJoinedPathAndReadsThroughBoth() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    let subtask = eggs.scope(\.subtask)
    subtask.dispatch(ChoreAction.toggle)
    #expect(subtask.path == "items[id: 1].subtask")
    #expect(subtask.done)
    #expect(store.items[0].subtask.done == false)
  }

  @Test func scopeBindingWriteSendsItsActionToTheScopedModelOnly() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    let title = eggs[\.title, { ChoreAction.rename($0) }]
    title.wrappedValue = "Duck eggs"
    #expect(title.wrappedValue == "Duck eggs")
    #expect(store.items.map(\.title) == ["Milk", "Duck eggs"])
  }

  @Test func scopeSubscriptionHearsEachChangeOfItsModelsValue() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    var titles: [String] = []
    let subscription = eggs.subscribe(\.title) { titles.append($0) }
    store.dispatch(ChoreAction.rename("Milk 2"), to: \.items[id: 0])
    eggs.dispatch(ChoreAction.rename("Eggs 2"))
    store.dispatch(ChoreListAction.remove(id: 1))
    #expect(titles == ["Eggs", "Eggs 2"])
    subscription.cancel()
  }

  @Test func scopeValuesStreamGivesTheValueNowAndEachChange() async throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk"]))
    let milk = try #require(store.scope(\.items[id: 0]))
    var values = milk.values(\.isDone).makeAsyncIterator()
    #expect(await values.next() == false)
    milk.dispatch(ChoreAction.toggle)
    #expect(await values.next() == true)
  }

  @Test func scopeReadIsObservedAtTheGrainOfItsWholePath() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    let changes = ChangeCount()
    withObservationTracking {
      _ = eggs.title
    } onChange: {
      changes.add()
    }
    store.dispatch(ChoreAction.toggle, to: \.items[id: 1])
    #expect(changes.count == 0)
    eggs.dispatch(ChoreAction.rename("Duck eggs"))
    #expect(changes.count == 1)
  }

  @Test func scopeRecipientsArePathsFromItsModel() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk", "Eggs"]))
    let eggs = try #require(store.scope(\.items[id: 1]))
    #expect(eggs.recipients(of: ChoreAction.toggle).map(\.path) == ["root", "subtask"])
    let note = try #require(store.scope(\.memos[id: "a"]))
    #expect(note.recipients(of: MemoAction.append("x")).map(\.path) == ["root"])
  }

  @Test func scopeOverridesDependenciesForItsModelAndTheModelsBelowIt() throws {
    let store = Store(Foyer()) { $0.greeter = Greeter { "Hello, \($0)!" } }
    store.scope(\.quietRoom).overrideDependencies { $0.greeter = Greeter { "psst, \($0)" } }
    let annex = try #require(store.scope(\.annex))
    annex.overrideDependencies { $0.greeter = Greeter { "Welcome to the annex, \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.entrance.text == "Hello, Ada!")
    #expect(store.quietRoom.text == "psst, Ada")
    #expect(store.annex?.hall.text == "Welcome to the annex, Ada")
    #expect(
      store.annex?.cards.map(\.text) == ["Welcome to the annex, Ada", "Welcome to the annex, Ada"])
  }

  #if DEBUG
    @Test func readingAScopeWhoseModelLeftTheTreeGivesItAsLastFoundAndIsReportedOnce() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk"]))
          guard let milk = store.scope(\.items[id: 0]) else { fatalError("no row") }
          store.dispatch(ChoreListAction.remove(id: 0))
          print(milk.title, milk.isDone, milk.path)
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: a scope of SwiftReduceTests.Chore at items[id: 0] was read after its model left the tree; it gives the model as it was last found (reported once per scope in debug builds)

          """)
    }
  #endif
}
