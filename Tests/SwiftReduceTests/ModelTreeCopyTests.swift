import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct ModelTreeCopyTests {
  @Test func copyPrintsLikeTheOriginal() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore)
    #expect(TreeSnapshot(copy.root) == TreeSnapshot(bookstore))
  }

  @Test func copyIsDeepOverModels() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore).root
    #expect(copy !== bookstore)
    #expect(copy.aisles[0] !== bookstore.aisles[0])
    #expect(copy.aisles[0].books[1] !== bookstore.aisles[0].books[1])
    copy.aisles[0].books[1].title = "Changed"
    copy.loans["Heat"] = 9
    #expect(bookstore.aisles[0].books[1].title == "Heat")
    #expect(bookstore.loans["Heat"] == 2)
  }

  @Test func sharedModelIsOneSharedCopy() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore).root
    let shared = copy.aisles[0].books[0]
    #expect(shared !== bookstore.aisles[0].books[0])
    #expect(copy.aisles[1].books[0] === shared)
    #expect(copy.featured === shared)
  }

  @Test func weakBackPointersPointAtCopies() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore).root
    #expect(copy.aisles[0].bookstore === copy)
    #expect(copy.aisles[1].bookstore === copy)
  }

  @Test func weakExistentialAndUnownedReferencesPointAtCopies() throws {
    let depot = Depot()
    let messenger = Messenger(depot: depot)
    messenger.delegate = depot
    messenger.parcels = [1: Novel("Dune", pages: 412)]
    depot.messengers = [messenger]
    let copy = try ModelTreeCopy(copying: depot).root
    let copiedMessenger = try #require(copy.messengers.first)
    #expect(copiedMessenger !== messenger)
    #expect(copiedMessenger.depot === copy)
    #expect(copiedMessenger.delegate === copy)
    #expect(copiedMessenger.delegate is Depot)
    #expect(copiedMessenger.parcels[1] !== messenger.parcels[1])
    #expect(copiedMessenger.parcels[1]?.title == "Dune")
    #expect(copy.spare[0] !== depot.spare[0])
    #expect(TreeSnapshot(copy) == TreeSnapshot(depot))
  }

  @Test func strongCycleIsCopiedAsACycle() throws {
    let ada = Pen("Ada")
    let grace = Pen("Grace")
    ada.friend = grace
    grace.friend = ada
    let copy = try ModelTreeCopy(copying: ada).root
    #expect(copy !== ada)
    #expect(copy.friend !== grace)
    #expect(copy.friend?.friend === copy)
    ada.friend = nil
    copy.friend = nil
  }

  @Test func objectsThatAreNotModelsAndActorsAreShared() throws {
    // The kiosk's `unowned(unsafe)` bookstore must outlive it, as in any program.
    let bookstore = Bookstore()
    let kiosk = Kiosk(bookstore: bookstore)
    let copy = try ModelTreeCopy(copying: kiosk).root
    #expect(copy.till === kiosk.till)
    #expect(copy.coffer === kiosk.coffer)
    withExtendedLifetime(bookstore) {}
  }

  @Test func modelsInsideStructsAnyPropertiesAndOptionalsAreCopied() throws {
    let hamper = Hamper()
    hamper.anything = Novel("Persuasion", pages: 250)
    hamper.maybe = .some(.some(Novel("Dracula", pages: 418)))
    let copy = try ModelTreeCopy(copying: hamper).root
    #expect(copy.label.novel !== hamper.label.novel)
    #expect((copy.anything as? Novel) !== (hamper.anything as? Novel))
    #expect((copy.anything as? Novel)?.title == "Persuasion")
    #expect(copy.maybe??.title == "Dracula")
    #expect((copy.maybe ?? nil) !== (hamper.maybe ?? nil))
    #expect(TreeSnapshot(copy) == TreeSnapshot(hamper))
  }

  @Test func modelsInsideEnumPayloadsAreCopied() throws {
    let hamper = Hamper()
    let copy = try ModelTreeCopy(copying: hamper).root
    guard case .packed(let original) = hamper.state, case .packed(let copied) = copy.state else {
      Issue.record("the hamper is not packed")
      return
    }
    #expect(copied !== original)
    #expect(copied.title == "Ulysses")
    #expect(TreeSnapshot(copy) == TreeSnapshot(hamper))
  }

  @Test func untraversedStorageIsCopiedWithoutLookingInside() throws {
    let bookstore = Bookstore()
    let kiosk = Kiosk(bookstore: bookstore)
    let copy = try ModelTreeCopy(copying: kiosk).root
    #expect(copy.hidden === kiosk.hidden)
    withExtendedLifetime(bookstore) {}
  }

  @Test func copyHasItsOwnObservationRegistrar() throws {
    let patron = Patron()
    let copy = try ModelTreeCopy(copying: patron).root
    let changes = SendableLog()
    withObservationTracking {
      _ = patron.name
    } onChange: {
      changes.append("changed")
    }
    copy.name = "Grace"
    #expect(changes.entries.isEmpty)
    #expect(patron.name == "Ada")
    patron.name = "Lin"
    #expect(changes.entries == ["changed"])
  }

  @Test func copiesAreDeinitializedWhenReleased() throws {
    Counted.deinitialized = 0
    let original = Counted()
    do {
      let copy = try ModelTreeCopy(copying: original)
      #expect(copy.root.pages == 10)
    }
    #expect(Counted.deinitialized == 1)
  }

  @Test func copiesAHundredThousandDeepChainWithoutRecursion() throws {
    let chain = makePenChain(100_000)
    let copy = try ModelTreeCopy(copying: chain.first).root
    #expect(copy !== chain.first)
    var count = 0
    var node: Pen? = copy
    while let current = node {
      count += 1
      node = current.friend
    }
    #expect(count == 100_000)
    unlinkChain(chain.first)
    unlinkChain(copy)
  }
}
