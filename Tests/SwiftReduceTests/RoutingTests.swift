import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// The routing rules: which models an action reaches, and in what order.
@MainActor
struct RoutingTests {
  // MARK: - 1. Pre-order

  @Test func parentReducesBeforeItsChildrenInDeclarationOrder() {
    let log = ReductionLog()
    let root = Tracked(
      "root", log,
      children: [
        Tracked("a", log, children: [Tracked("a1", log), Tracked("a2", log)]),
        Tracked("b", log, children: [Tracked("b1", log)]),
      ])
    Store(root).dispatch(Knock())
    #expect(log.names == ["root", "a", "a1", "a2", "b", "b1"])
  }

  @Test func containerWithoutReducePassesActionsToItsFields() {
    let log = ReductionLog()
    let store = Store(Container(first: Tracked("first", log), second: Tracked("second", log)))
    store.dispatch(Knock())
    #expect(log.names == ["first", "second"])
  }

  @Test func superclassPropertiesOfEveryLevelComeFirst() {
    let log = ReductionLog()
    let child = Child(log)
    child.middle = [Tracked("parent field", log)]
    child.own = Tracked("child field", log)
    Store(child).dispatch(Knock())
    #expect(log.names == ["Child", "grandparent field", "parent field", "child field"])
  }

  // MARK: - 2. Reach

  @Test func modelsAreReachedThroughOptionalsAndNestedOptionals() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.optional = Tracked("optional", log)
    shapes.nestedOptional = .some(.some(Tracked("nested optional", log)))
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["optional", "nested optional"])
  }

  @Test func modelsAreReachedThroughArraysInOrder() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.array = [Tracked("one", log), Tracked("two", log)]
    shapes.contiguous = [Tracked("three", log), Tracked("four", log)]
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["one", "two", "three", "four"])
  }

  @Test func modelsAreReachedThroughDictionaryValues() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.dictionary = ["x": Tracked("x", log), "y": Tracked("y", log), "z": Tracked("z", log)]
    Store(shapes).dispatch(Knock())
    #expect(log.names == shapes.dictionary.values.map(\.name))
    #expect(log.names.sorted() == ["x", "y", "z"])
  }

  @Test func modelsAreReachedThroughSets() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.set = [HashableTracked("p", log), HashableTracked("q", log)]
    Store(shapes).dispatch(Knock())
    #expect(log.names == shapes.set.map(\.name))
    #expect(log.names.sorted() == ["p", "q"])
  }

  @Test func modelsAreReachedThroughTuplesAndStructs() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.tuple = (7, Tracked("tuple", log))
    shapes.pair = Pair(left: Tracked("left", log), right: Tracked("right", log))
    shapes.arrayOfPairs = [
      Pair(left: Tracked("left 1", log), right: nil),
      Pair(left: Tracked("left 2", log), right: Tracked("right 2", log)),
    ]
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["tuple", "left", "right", "left 1", "left 2", "right 2"])
  }

  @Test func modelsAreReachedThroughEnumPayloadsIncludingIndirectOnes() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.route = .leg(
      Tracked("first leg", log),
      next: .leg(Tracked("second leg", log), next: .stop(Tracked("stop", log))))
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["first leg", "second leg", "stop"])
  }

  @Test func modelsAreReachedThroughPropertyWrapperStorage() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.wrapped = Tracked("wrapped", log)
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["wrapped"])
  }

  @Test func modelsAreReachedThroughAnyAndExistentialFields() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.any = Tracked("any", log)
    shapes.existential = Tracked("existential", log)
    shapes.anyObject = Tracked("any object", log)
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["any", "existential", "any object"])
  }

  @Test func modelsAreReachedThroughGenericModels() {
    let log = ReductionLog()
    let box = Box((Tracked("in tuple", log), [Box(Tracked("in nested box", log))]))
    Store(box).dispatch(Knock())
    #expect(log.names == ["in tuple", "in nested box"])
  }

  @Test func modelSubclassOfAPlainClassIsReachedThroughAFieldOfThePlainType() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.plainBase = ModelSubclass(log)
    Store(shapes).dispatch(Knock())
    #expect(log.names == ["model subclass"])
  }

  @Test func familyReducerReceivesEveryActionOfItsFamilyAndNothingElse() {
    let log = ReductionLog()
    let store = Store(SignalHandler(log))
    store.dispatch(Flare())
    store.dispatch(Knock())
    store.dispatch(Beacon())
    #expect(log.names == ["Flare", "Beacon"])
  }

  // MARK: - 3. Only models are entered

  @Test func instanceOfANonModelClassIsNeverEntered() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.opaque = OpaqueHolder(Tracked("hidden", log))
    shapes.any = OpaqueHolder(Tracked("hidden in any", log))
    shapes.plainBase = PlainBase()
    Store(shapes).dispatch(Knock())
    #expect(log.names == [])
  }

  // MARK: - 4. Once per dispatch

  @Test func sharedInstanceIsReducedOnceAtItsFirstPosition() {
    let log = ReductionLog()
    let shared = Tracked("shared", log)
    let root = Tracked(
      "root", log,
      children: [
        Tracked("a", log, children: [shared]),
        shared,
        Tracked("b", log, children: [shared]),
      ])
    Store(root).dispatch(Knock())
    #expect(log.names == ["root", "a", "shared", "b"])
  }

  @Test func weakBackPointerToTheParentDoesNotReduceItTwice() {
    let log = ReductionLog()
    let parent = GraphNode("parent", log)
    let child = GraphNode("child", log)
    child.parent = parent
    parent.children = [child]
    Store(parent).dispatch(Knock())
    #expect(log.names == ["parent", "child"])
  }

  @Test func unownedBackPointerToTheOwnerDoesNotReduceItTwice() {
    let log = ReductionLog()
    let owner = Owner(log)
    owner.owned = [Owned("first", owner: owner), Owned("second", owner: owner)]
    Store(owner).dispatch(Knock())
    #expect(log.names == ["owner", "first", "second"])
  }

  @Test func weakReferenceToAModelFurtherOnReachesItFirst() {
    let log = ReductionLog()
    let root = GraphNode("root", log)
    let first = GraphNode("first", log)
    let second = GraphNode("second", log)
    root.children = [first, second]
    // `parent` is declared before `children`, so the weak link is followed
    // first: `second` and its subtree come before `first`'s own children.
    first.parent = second
    Store(root).dispatch(Knock())
    #expect(log.names == ["root", "first", "second"])
    second.children = [GraphNode("under second", log)]
    first.children = [GraphNode("under first", log)]
    Store(root).dispatch(Knock())
    #expect(
      log.names == [
        "root", "first", "second",
        "root", "first", "second", "under second", "under first",
      ])
  }

  @Test func unmanagedUnownedAndWeakExistentialReferencesAreFollowed() {
    let log = ReductionLog()
    let unmanaged = GraphNode("unowned(unsafe)", log)
    let optionalUnowned = GraphNode("optional unowned", log)
    let neighbour = GraphNode("weak existential", log)
    let linked = GraphNode("weak in a struct", log)
    let model = BackPointers(log, unmanaged: unmanaged)
    model.optionalUnowned = optionalUnowned
    model.neighbour = neighbour
    model.link.target = linked
    Store(model).dispatch(Knock())
    #expect(
      log.names == [
        "back pointers", "unowned(unsafe)", "optional unowned", "weak existential",
        "weak in a struct",
      ])
    withExtendedLifetime((unmanaged, optionalUnowned, neighbour, linked)) {}
  }

  @Test func clearedWeakAndNilUnownedReferencesAreSkipped() {
    let log = ReductionLog()
    let unmanaged = GraphNode("unowned(unsafe)", log)
    let model = BackPointers(log, unmanaged: unmanaged)
    do {
      let gone = GraphNode("released", log)
      model.neighbour = gone
      model.link.target = gone
    }
    Store(model).dispatch(Knock())
    #expect(model.neighbour == nil)
    #expect(log.names == ["back pointers", "unowned(unsafe)"])
    withExtendedLifetime(unmanaged) {}
  }

  @Test func strongCycleIsReducedOnceAndTheDispatchEnds() {
    let log = ReductionLog()
    let a = GraphNode("a", log)
    let b = GraphNode("b", log)
    let c = GraphNode("c", log)
    a.next = b
    b.next = c
    c.next = a
    Store(a).dispatch(Knock())
    Store(b).dispatch(Knock())
    #expect(log.names == ["a", "b", "c", "b", "c", "a"])
    a.next = nil
  }

  @Test func modelIsReducedOnceInEachDispatch() {
    let log = ReductionLog()
    let shared = Tracked("shared", log)
    let store = Store(Tracked("root", log, children: [shared, shared]))
    store.dispatch(Knock())
    store.dispatch(Knock())
    #expect(log.names == ["root", "shared", "root", "shared"])
  }

  // MARK: - 5. Children are read after the parent reduces

  @Test func childAddedByTheParentReceivesTheSameAction() {
    let log = ReductionLog()
    let store = Store(Team(log, members: ["ann", "bob"]))
    store.dispatch(Roster.add("cid"))
    #expect(log.names == ["team", "ann", "bob", "cid"])
  }

  @Test func childRemovedByTheParentDoesNotReceiveTheAction() {
    let log = ReductionLog()
    let store = Store(Team(log, members: ["ann", "bob", "cid"]))
    store.dispatch(Roster.remove("bob"))
    #expect(log.names == ["team", "ann", "cid"])
    #expect(store.members.map(\.name) == ["ann", "cid"])
  }

  // MARK: - 6. Lazy properties

  @Test func lazyPropertyNeverAccessedIsNotCreatedByADispatch() {
    let log = ReductionLog()
    let store = Store(LazyHolder(log))
    store.dispatch(Knock())
    #expect(log.names == [])
  }

  @Test func lazyPropertyOnceAccessedReceivesActions() {
    let log = ReductionLog()
    let store = Store(LazyHolder(log))
    _ = store.child
    store.dispatch(Knock())
    #expect(log.names == ["created", "lazy child"])
  }

  // MARK: - 7. Opt-out

  @Test func untraversedPropertyIsNeverEntered() {
    let log = ReductionLog()
    let library = Library(
      shelf: Tracked("shelf", log), archive: [Tracked("archived", log)])
    Store(library).dispatch(Knock())
    #expect(log.names == ["shelf"])
    #expect(library.archive.map(\.name) == ["archived"])
  }

  // MARK: - 8. Unhandled actions

  @Test func unhandledActionChangesNothing() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(Ignored())
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.input == "Heat")
    #expect(store.favoriteMovies.movies == [:])
  }

  // MARK: - 9. Depth and width

  @Test func chainOfAMillionNestedModelsIsFullyReduced() {
    let head = ChainLink()
    var tail = head
    for _ in 1..<1_000_000 {
      let link = ChainLink()
      tail.next = link
      tail = link
    }
    Store(head).dispatch(Knock())

    var reduced = 0
    var link: ChainLink? = head
    while let current = link {
      reduced += current.received
      link = current.next
    }
    #expect(reduced == 1_000_000)
    #expect(tail.received == 1)
    tearDown(head)
  }

  @Test func arrayOfAMillionModelsIsFullyReduced() {
    let crowd = Crowd(count: 1_000_000)
    Store(crowd).dispatch(Knock())
    #expect(crowd.members.reduce(0) { $0 + $1.received } == 1_000_000)
  }

  /// Releases a chain link by link, so ARC's recursive release is not what a test measures.
  private func tearDown(_ head: ChainLink) {
    var link = head.next
    head.next = nil
    while let current = link {
      link = current.next
      current.next = nil
    }
  }
}
