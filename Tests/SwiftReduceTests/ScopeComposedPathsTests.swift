import Testing

@testable import SwiftReduce

@MainActor
struct ScopeComposedPathsTests {
  @Test func scopeKeepsABoundedNumberOfComposedKeyPathsAndStillReachesEveryRow() throws {
    let titles = (0..<300).map { "Chore \($0)" }
    let store = Store(ChoreList(log: ChoreLog(), titles: titles))
    let list = store.scope(\.self)
    let source = try #require(list.source as? RootedScope<ChoreList, ChoreList>)
    for id in 0..<300 { list.dispatch(ChoreAction.toggle, to: \.items[id: id]) }
    #expect(source.composedPathCount <= RootedScope<ChoreList, ChoreList>.keptComposedPaths)
    #expect(source.composedPathCount == 300 - RootedScope<ChoreList, ChoreList>.keptComposedPaths)
    list.dispatch(ChoreAction.toggle, to: \.items[id: 0])
    #expect(store.items.map(\.isDone) == [false] + Array(repeating: true, count: 299))
  }

  @Test func scopeComposesEachKeyPathOnceForReadsDispatchesAndSubscriptions() throws {
    let store = Store(ChoreList(log: ChoreLog(), titles: ["Milk"]))
    let list = store.scope(\.self)
    let source = try #require(list.source as? RootedScope<ChoreList, ChoreList>)
    _ = list.read(\.pinned.text)
    _ = list.read(\.pinned.text)
    list.dispatch(ChoreAction.rename("note"), to: \.pinned)
    list.dispatch(ChoreAction.rename("note 2"), to: \.pinned)
    let subscription = list.subscribe(\.pinned.text) { _ in }
    #expect(source.composedPathCount == 2)
    #expect(store.pinned.text == "note 2")
    subscription.cancel()
  }
}
