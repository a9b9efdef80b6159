import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct TreeDifferenceTests {
  @Test func sameTreeHasNoDifference() {
    let bookstore = makeBookstore()
    let difference = TreeSnapshot(bookstore).difference(from: TreeSnapshot(bookstore))
    #expect(difference.isEmpty)
    #expect(difference.description == "")
  }

  @Test func changedFieldOfANestedModelNamesItsPath() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.aisles[0].books[1].pages = 211
    let difference = TreeSnapshot(bookstore).difference(from: before)
    #expect(
      difference.changes == [.init(path: "aisles[0].books[1].pages", old: "210", new: "211")])
    expectText(
      difference.description,
      """
      aisles[0].books[1].pages
        - 210
        + 211
      """)
  }

  @Test func dictionaryEntriesAddedChangedAndRemovedAreNamedByKey() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.loans = ["Alien": 4, "Dune": 1]
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      loans["Alien"]
        - 1
        + 4
      loans["Dune"]
        + 1
      loans["Heat"]
        - 2
      """)
  }

  @Test func modelAddedToAnArrayIsShownWhole() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.aisles[1].books.append(Novel("Emma", pages: 200))
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      aisles[1].books[1]
        + Novel
        +   title: "Emma"
        +   pages: 200
      """)
  }

  @Test func modelRemovedFromAnArrayIsShownWhole() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.aisles.removeLast()
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      aisles[1]
        - Aisle
        -   label: "Films"
        -   books: 1 element
        -     [0]: Novel (same as aisles[0].books[0])
        -   bookstore: Bookstore (same as root)
      """)
  }

  @Test func firstElementOfAnEmptyCollectionIsAnAddition() {
    let bookstore = Bookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.loans["Alien"] = 1
    #expect(
      TreeSnapshot(bookstore).difference(from: before).changes == [
        .init(path: "loans[\"Alien\"]", old: nil, new: "1")
      ])
  }

  @Test func optionalModelThatAppearsIsShownWhole() {
    let bookstore = Bookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.featured = Novel("Emma", pages: 200)
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      featured
        - nil
        + Novel
        +   title: "Emma"
        +   pages: 200
      """)
  }

  @Test func sharedModelThatStopsBeingSharedShowsAsAChangedReference() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.featured = Novel("Alien", pages: 320)
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      featured
        - Novel (same as aisles[0].books[0])
        + Novel
        +   title: "Alien"
        +   pages: 320
      """)
  }

  @Test func modelReplacedByAnEqualInstanceIsNoChange() {
    let bookstore = Bookstore()
    bookstore.featured = Novel("Emma", pages: 200)
    let before = TreeSnapshot(bookstore)
    bookstore.featured = Novel("Emma", pages: 200)
    #expect(TreeSnapshot(bookstore).difference(from: before).isEmpty)
  }

  @Test func changeAfterAnAddedModelIsFoundPastTheLinesItShifts() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    bookstore.aisles[0].books.append(Novel("Emma", pages: 200))
    bookstore.loans["Heat"] = 3
    #expect(
      TreeSnapshot(bookstore).difference(from: before).changes == [
        .init(path: "aisles[0].books[2]", old: nil, new: "Novel\n  title: \"Emma\"\n  pages: 200"),
        .init(path: "loans[\"Heat\"]", old: "2", new: "3"),
      ])
  }

  @Test func modelMovedBetweenArraysOfAnEqualSizedTreeIsARemovalAndAnAddition() {
    let bookstore = makeBookstore()
    let before = TreeSnapshot(bookstore)
    let heat = bookstore.aisles[0].books.removeLast()
    bookstore.aisles[1].books.append(heat)
    expectText(
      TreeSnapshot(bookstore).difference(from: before).description,
      """
      aisles[0].books[1]
        - Novel
        -   title: "Heat"
        -   pages: 210
      aisles[1].books[1]
        + Novel
        +   title: "Heat"
        +   pages: 210
      """)
  }

  @Test func comparesAHundredThousandDeepChainWithoutRecursion() {
    let chain = makePenChain(100_000)
    let before = TreeSnapshot(chain.first)
    chain.last.name = "last"
    let changes = TreeSnapshot(chain.first).difference(from: before).changes
    #expect(changes.count == 1)
    #expect(changes.first?.path.description.hasSuffix(".friend.name") == true)
    #expect(
      changes.first?.path.description.count == 99_999 * ".friend".count + ".name".count - 1)
    #expect(changes.first?.old == "\"99999\"")
    #expect(changes.first?.new == "\"last\"")
    unlinkChain(chain.first)
  }
}
