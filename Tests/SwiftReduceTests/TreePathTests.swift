import Foundation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct TreePathTests {
  @Test func aPathReadFromTextHasItsStepsAndPrintsAsWritten() {
    let path: TreePath = #"shelves[2].byName["a]b\"c"].title"#
    #expect(
      path.components == [
        .property("shelves"), .subscript("2"), .property("byName"), .subscript(#""a]b\"c""#),
        .property("title"),
      ])
    #expect(path.description == #"shelves[2].byName["a]b\"c"].title"#)
  }

  @Test func theRootHasNoStepsAndPrintsAsRoot() {
    #expect(TreePath(parsing: "root").components.isEmpty)
    #expect(TreePath.root.description == "root")
    #expect(TreePath.root.parent == nil)
  }

  @Test func parentLastAppendingAndPrefixWorkOnSteps() {
    let path: TreePath = "favoriteMovies.movies[\"Heat\"]"
    #expect(path.parent == "favoriteMovies.movies")
    #expect(path.last == .subscript("\"Heat\""))
    #expect(path.parent?.appending(.subscript("\"Alien\"")) == "favoriteMovies.movies[\"Alien\"]")
    #expect(path.hasPrefix("favoriteMovies"))
    #expect(!path.hasPrefix("favoriteMovies.input"))
  }

  @Test func anEnumCaseStepPrintsWithItsDotAndEqualsTheSameText() {
    let built = TreePath([.property("state"), .enumCase("loaded"), .property("0")])
    #expect(built.description == "state.loaded.0")
    #expect(built == "state.loaded.0")
    #expect(Set([built, "state.loaded.0"]).count == 1)
  }

  @Test func pathsOrderByTheirText() {
    #expect(["b", "a[1]", "a"].map { TreePath(parsing: $0) }.sorted() == ["a", "a[1]", "b"])
  }

  @Test func aPathEncodesAsItsText() throws {
    let path: TreePath = "rows[1].title"
    let data = try JSONEncoder().encode([path])
    #expect(String(decoding: data, as: UTF8.self) == #"["rows[1].title"]"#)
    #expect(try JSONDecoder().decode([TreePath].self, from: data) == [path])
  }

  @Test func recipientsPatchesAndDifferencesShareOnePathType() throws {
    let store = Store(Person())
    let history = History(store)
    let before = TreeSnapshot(store.root)
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(UpdateMovies.submit)
    let recipient = try #require(store.recipients(of: UpdateMovies.submit).first)
    #expect(recipient.path.components == [.property("favoriteMovies")])
    #expect(
      history.steps[1].patches.map(\.path) == [
        TreePath([.property("favoriteMovies"), .property("input")]),
        TreePath([.property("favoriteMovies"), .property("movies"), .subscript("\"Heat\"")]),
      ])
    #expect(
      TreeSnapshot(store.root).difference(from: before).changes.map(\.path) == [
        TreePath([.property("favoriteMovies"), .property("movies"), .subscript("\"Heat\"")])
      ])
  }

  @Test func treePathDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let path: TreePath = "favoriteMovies.movies[\"Heat\"]"
    print(path.components)
    print(path.parent ?? .root, path.last.map(String.init(describing:)) ?? "")
    print(path == "favoriteMovies.movies[\"Heat\"]")

    expectLines(
      output,
      """
      [.property("favoriteMovies"), .property("movies"), .subscript("\\"Heat\\"")]
      favoriteMovies.movies .subscript("\\"Heat\\"")
      true
      """)
  }

  @Test func recipientDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    for recipient in store.recipients(of: UpdateMovies.submit) {
      switch recipient {
      case let .model(path, model): print(path, "is a", type(of: model))
      case let .valueModel(path, copy): print(path, "is a value model", type(of: copy))
      }
    }

    expectLines(output, "favoriteMovies is a FavoriteMovies")
  }

  @Test func identitySubscribeDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.subscribe(identityOf: \.favoriteMovies) { movies in
      print("the list, with input \"\(movies.input)\"")
    }
    store.dispatch(UpdateMovies.setInput("Alien"))

    expectLines(output, #"the list, with input """#)
    withExtendedLifetime(subscription) {}
  }
}
