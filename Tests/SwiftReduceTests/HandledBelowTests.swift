import SwiftReduce
import Testing

/// Declared subtrees: an action a model type declares nothing below it handles skips what it holds.
@MainActor
struct HandledBelowTests {
  private func makeLibrary(_ log: ReductionLog) -> LendingLibrary {
    LendingLibrary(
      log,
      shelves: [
        BookShelf([Book("Dune", log), Book("Emma", log)]),
        BookShelf([Book("Ulysses", log)]),
      ])
  }

  @Test func actionLeftOutOfTheDeclarationSkipsTheSubtree() {
    let log = ReductionLog()
    let library = makeLibrary(log)
    let store = Store(library)
    store.dispatch(LendingAction.rename("city library"))
    #expect(log.names == ["renamed city library"])
    // Nothing below the root was even looked at: no shelf or book is listed.
    #expect(
      store.recipients(of: LendingAction.rename("x")).map(\.description) == [
        #"root: LendingLibrary"#
      ])
  }

  @Test func actionInTheDeclarationReachesTheModelsBelow() {
    let log = ReductionLog()
    let library = makeLibrary(log)
    Store(library).dispatch(BookAction.borrow(title: "Ulysses"))
    #expect(log.names == ["borrowed Ulysses"])
    #expect(library.shelves[1].books[0].borrowed)
  }

  @Test func familyInTheDeclarationAdmitsEveryActionOfTheFamily() {
    let log = ReductionLog()
    let store = Store(SignalTower([SignalHandler(log)]))
    store.dispatch(Flare())
    store.dispatch(Knock())
    store.dispatch(Beacon())
    #expect(log.names == ["Flare", "Beacon"])
  }

  @Test func subclassOverridesAClassVarDeclaration() {
    let log = ReductionLog()
    let bookcase = Bookcase()
    bookcase.shelf = Tracked("on the shelf", log)
    Store(Box([Cabinetry(), bookcase])).dispatch(Knock())
    #expect(log.names == ["on the shelf"])
  }

  @Test func undeclaredModelTypesAreAlwaysWalked() {
    let log = ReductionLog()
    let store = Store(Tracked("root", log, children: [Tracked("child", log)]))
    store.dispatch(Knock())
    #expect(log.names == ["root", "child"])
  }

  #if DEBUG
    @Test func falseDeclarationStopsADebugBuildNamingTypeActionAndPath() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        await MainActor.run {
          let log = ReductionLog()
          let shelf = MislabelledShelf([Tracked("first", log), Tracked("second", log)])
          Store(Box([shelf])).dispatch(Knock())
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          #"""
          SwiftReduce: SwiftReduceTests.MislabelledShelf.handledBelow leaves out \#
          SwiftReduceTests.Knock, but the SwiftReduceTests.Tracked at content[0].items[0] \#
          below it handles SwiftReduceTests.Knock(). Add the action's type to the declaration, \#
          or remove the declaration.
          """#))
    }
  #else
    @Test func falseDeclarationIsTrustedInAReleaseBuild() {
      let log = ReductionLog()
      Store(MislabelledShelf([Tracked("first", log)])).dispatch(Knock())
      #expect(log.names == [])
    }
  #endif
}
