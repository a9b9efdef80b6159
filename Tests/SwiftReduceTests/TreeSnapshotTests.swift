import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct TreeSnapshotTests {
  @Test func printsSharedModelsAndBackPointersAsReferencesToTheirFirstPath() {
    expectText(
      TreeSnapshot(makeBookstore()).description,
      """
      Bookstore
        name: "City"
        aisles: 2 elements
          [0]: Aisle
            label: "Fiction"
            books: 2 elements
              [0]: Novel
                title: "Alien"
                pages: 320
              [1]: Novel
                title: "Heat"
                pages: 210
            bookstore: Bookstore (same as root)
          [1]: Aisle
            label: "Films"
            books: 1 element
              [0]: Novel (same as aisles[0].books[0])
            bookstore: Bookstore (same as root)
        featured: Novel (same as aisles[0].books[0])
        loans: 2 entries
          ["Alien"]: 1
          ["Heat"]: 2
      """)
  }

  @Test func printsEveryKindOfProperty() {
    let bookstore = Bookstore()
    expectText(
      TreeSnapshot(Kiosk(bookstore: bookstore)).description,
      """
      Kiosk
        city: "Oslo"
        code: "B"
        opening: (hour: Int, minute: Int)
          hour: 9
          minute: 30
        tags: 2 elements
          [0]: "central"
          [1]: "quiet"
        status: .open
        postal: Postal
          street: "Main"
          number: 1
        till: Till(0 entries)
        coffer: Coffer
        anyBook: Novel
          title: "Any"
          pages: 1
        kind: Int.self
        modelKind: Novel.self
        onOpen: (function)
        hidden: (untraversed)
        history: nil
        bookstore: Bookstore
          name: "City"
          aisles: []
          featured: nil
          loans: [:]
      """)
  }

  @Test func printsAStrongCycleOnce() {
    let ada = Pen("Ada")
    let grace = Pen("Grace")
    ada.friend = grace
    grace.friend = ada
    expectText(
      TreeSnapshot(ada).description,
      """
      Pen
        name: "Ada"
        friend: Pen
          name: "Grace"
          friend: Pen (same as root)
      """)
  }

  @Test func printsSuperclassPropertiesFirst() {
    expectText(
      TreeSnapshot(Bookshop()).description,
      """
      Bookshop
        owner: "Ada"
        stock: 1 element
          [0]: Novel
            title: "Dune"
            pages: 412
      """)
  }

  @Test func printsModelsInsideStructsEnumPayloadsAndAnyProperties() {
    let hamper = Hamper()
    hamper.anything = Novel("Persuasion", pages: 250)
    hamper.maybe = .some(.some(Novel("Dracula", pages: 418)))
    expectText(
      TreeSnapshot(hamper).description,
      """
      Hamper
        label: Label
          text: "Fragile"
          novel: Novel
            title: "Emma"
            pages: 200
        state: .packed
          0: Novel
            title: "Ulysses"
            pages: 730
        anything: Novel
          title: "Persuasion"
          pages: 250
        maybe: Novel
          title: "Dracula"
          pages: 418
      """)
  }

  @Test func printsEnumsWithoutModelsOnOneLine() {
    let hamper = Hamper()
    hamper.state = .empty
    hamper.maybe = .some(nil)
    #expect(
      TreeSnapshot(hamper).description.split(separator: "\n").filter {
        $0.hasPrefix("  state") || $0.hasPrefix("  maybe")
      } == ["  state: .empty", "  maybe: nil"])
  }

  @Test func leavesOutTheObservationRegistrarAndKeepsDeclaredNames() {
    let patron = Patron()
    patron.book = Novel("Emma", pages: 200)
    expectText(
      TreeSnapshot(patron).description,
      """
      Patron
        name: "Ada"
        book: Novel
          title: "Emma"
          pages: 200
      """)
  }

  @Test func printsAnObjectThatIsNotAModelOnOneLine() {
    #expect(TreeSnapshot(Till()).description == "Till(0 entries)")
  }

  @Test func equalTreesMakeEqualSnapshots() {
    #expect(TreeSnapshot(makeBookstore()) == TreeSnapshot(makeBookstore()))
    let renamed = makeBookstore()
    renamed.name = "Town"
    #expect(TreeSnapshot(renamed) != TreeSnapshot(makeBookstore()))
  }

  @Test func printsADeepChainInFull() {
    let first = Pen("0")
    var last = first
    for index in 1..<1_000 {
      let next = Pen("\(index)")
      last.friend = next
      last = next
    }
    let lines = TreeSnapshot(first).description.split(separator: "\n")
    #expect(lines.count == 2_001)
    #expect(lines.last == Substring(String(repeating: "  ", count: 1_000) + "friend: nil"))
  }

  @Test func recordsAHundredThousandDeepChainWithoutRecursion() {
    let chain = makePenChain(100_000)
    let snapshot = TreeSnapshot(chain.first)
    chain.last.name = "last"
    #expect(TreeSnapshot(chain.first) != snapshot)
    unlinkChain(chain.first)
  }
}
