import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Value models: where they are reduced in place, in which order, and what stays unchanged.
@MainActor
struct ValueModelRoutingTests {
  @Test func valueModelsAreReducedInPlaceInEveryPlaceAVarCanHoldThem() {
    let log = ReductionLog()
    let holder = TallyHolder("holder", log)
    holder.array = [ValueTally("array[0]", log), ValueTally("array[1]", log)]
    holder.contiguous = [ValueTally("contiguous[0]", log)]
    holder.byKey = ["a": ValueTally("byKey[a]", log)]
    holder.optional = ValueTally("optional", log)
    holder.pair = (1, ValueTally("pair.1", log))
    holder.wrapper.inner = ValueTally("wrapper.inner", log)
    let store = Store(holder)

    store.dispatch(Knock())

    #expect(
      log.names == [
        "holder", "single", "array[0]", "array[1]", "contiguous[0]", "byKey[a]", "optional",
        "pair.1", "wrapper.inner",
      ])
    #expect(holder.single.count == 1)
    #expect(holder.array.map(\.count) == [1, 1])
    #expect(holder.contiguous.map(\.count) == [1])
    #expect(holder.byKey["a"]?.count == 1)
    #expect(holder.optional?.count == 1)
    #expect(holder.pair?.1.count == 1)
    #expect(holder.wrapper.inner?.count == 1)
  }

  @Test func aValueModelReducesBeforeTheModelsItHoldsClassOrValue() {
    let log = ReductionLog()
    let holder = TallyHolder("holder", log)
    holder.single = ValueTally(
      "parent", log,
      children: [
        ValueTally("child", log, children: [ValueTally("grandchild", log)]),
        ValueTally("second", log),
      ],
      tracked: Tracked("class below", log, children: [Tracked("class below below", log)]))
    let store = Store(holder)

    store.dispatch(Knock())

    #expect(
      log.names == [
        "holder", "parent", "child", "grandchild", "second", "class below", "class below below",
      ])
  }

  @Test func aRecursiveTreeOfValueModelsIsReducedInPreOrder() {
    let log = ReductionLog()
    let forest = Forest([
      TallyNode(
        name: "a", log: log,
        children: [TallyNode(name: "a.1", log: log), TallyNode(name: "a.2", log: log)]),
      TallyNode(name: "b", log: log),
    ])
    Store(forest).dispatch(Knock())
    #expect(log.names == ["a", "a.1", "a.2", "b"])
  }

  @Test func aCopyOfAValueModelTakenBeforeADispatchIsUnchangedAfterIt() {
    let log = ReductionLog()
    let holder = TallyHolder("holder", log)
    holder.array = [ValueTally("one", log), ValueTally("two", log)]
    let store = Store(holder)
    let single = holder.single
    let array = holder.array

    store.dispatch(Knock())

    #expect(single.count == 0)
    #expect(array.map(\.count) == [0, 0])
    #expect(holder.single.count == 1)
    #expect(holder.array.map(\.count) == [1, 1])
  }

  @Test func anArraySharedBetweenTwoOwnersIsCopiedBeforeItChanges() {
    let log = ReductionLog()
    let first = TallyHolder("first", log)
    let second = TallyHolder("second", log)
    first.array = [ValueTally("shared", log)]
    second.array = first.array
    first.byKey = ["k": ValueTally("keyed", log)]
    second.byKey = first.byKey

    Store(first).dispatch(Knock())

    #expect(first.array.map(\.count) == [1])
    #expect(second.array.map(\.count) == [0])
    #expect(first.byKey["k"]?.count == 1)
    #expect(second.byKey["k"]?.count == 0)
  }

  @Test func aFamilyActionReachesValueModelsThatTakeTheFamily() {
    let board = CounterBoard()
    let store = Store(board)
    store.dispatch(CounterStep.set(7))
    store.dispatch(CounterStep.up)
    #expect(board.counter.count == 8)
    #expect(board.counters.map(\.count) == [8, 8])
    store.dispatch(Reset())
    #expect(board.counters.map(\.count) == [0, 0])
  }

  @Test func valueModelsWhereTheyCannotChangeInPlaceAreNotReducedButWhatTheyHoldIs() {
    let log = ReductionLog()
    let frozen = Frozen(log)
    frozen.set = [Mark()]
    frozen.route = .leg(Mark())
    frozen.anything = Mark()
    let store = Store(frozen, reportsUnhandledActions: false)

    store.dispatch(Knock())

    #expect(log.names == ["under-fixed"])
    #expect(frozen.fixed.count == 0)
    #expect(frozen.set.map(\.count) == [0])
    guard case let .leg(mark) = frozen.route else {
      Issue.record("the route changed case")
      return
    }
    #expect(mark.count == 0)
    #expect((frozen.anything as? Mark)?.count == 0)
  }

  @Test func recipientsListValueModelsInDeliveryOrderWithTheirPaths() {
    let log = ReductionLog()
    let holder = TallyHolder("holder", log)
    holder.single = ValueTally("single", log, children: [ValueTally("child", log)])
    holder.array = [ValueTally("element", log)]
    holder.byKey = ["ada": ValueTally("keyed", log)]
    holder.pair = (1, ValueTally("pair", log))
    holder.wrapper.inner = ValueTally("inner", log, tracked: Tracked("class", log))

    let recipients = Store(holder).recipients(of: Knock())

    #expect(
      recipients.map(\.description) == [
        "root: TallyHolder",
        "single: ValueTally",
        "single.children[0]: ValueTally",
        "array[0]: ValueTally",
        #"byKey["ada"]: ValueTally"#,
        "pair.1: ValueTally",
        "wrapper.inner: ValueTally",
        "wrapper.inner.tracked: Tracked",
      ])
    #expect(
      recipients.map { ($0.value as? ValueTally)?.name ?? ($0.value as? Tracked)?.name ?? "-" }
        == ["-", "single", "child", "element", "keyed", "pair", "inner", "class"])
    #expect(log.names.isEmpty)
  }

  #if DEBUG
    @Test func aValueModelThatCannotChangeInPlaceIsReportedOncePerTypeAndPlaceInDebugBuilds()
      async
    {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let frozen = Frozen(ReductionLog())
          frozen.set = [Mark()]
          let store = Store(frozen)
          store.dispatch(Knock())
          store.dispatch(Knock())
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let advice =
        "is not reduced: it is held where it cannot be changed in place (a `let`, a `Set` "
        + "element, a dictionary's keys or values view, an enum's payload or an existential such "
        + "as `Any`). Hold it in a `var` of a class or value model, an Array, a ContiguousArray, "
        + "an ArraySlice, a Dictionary's values, an Optional or a tuple (reported once per type "
        + "and place in debug builds)"
      #expect(
        message == """
          SwiftReduce: the value model SwiftReduceTests.ValueTally held in a SwiftReduceTests.Frozen \(advice)
          SwiftReduce: the value model SwiftReduceTests.Mark held in a Swift.Set<SwiftReduceTests.Mark> \(advice)

          """)
    }
  #endif

  @Test func readingTheHoldingPropertyWhileAValueModelReducesStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let peeker = TallyPeeker()
        peeker.inspector.owner = peeker
        Store(peeker).dispatch(Knock())
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Simultaneous accesses to 0x"))
    #expect(message.contains("but modification requires exclusive access"))
  }

  @Test func aValueModelThatReadsNothingItIsPartOfReducesWithoutStoppingTheProgram() {
    let peeker = TallyPeeker()
    Store(peeker).dispatch(Knock())
    Store(peeker).dispatch(Knock())
    #expect(peeker.inspector.seen == 2)
  }
}

/// A value model whose reduce reads the class property that holds it.
struct TallyInspector: ValueReducer {
  weak var owner: TallyPeeker?
  var seen = 0

  mutating func reduce(action: Knock) {
    seen += 1
    // Reads `owner.inspector` while it is being modified: Swift's exclusivity rules stop this.
    if let owner { seen += owner.inspector.seen }
  }
}

final class TallyPeeker: Reducer {
  var inspector = TallyInspector()
}
