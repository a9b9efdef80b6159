import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *Debugging* article verbatim, but for a local
/// `print` that records lines, and compares the whole output with the
/// output the article shows.
@MainActor
struct DebuggingArticleTests {
  @Test func valuesExamplePrintsEachValueSoThatChangesShow() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    print(TreeSnapshot(Upload()))

    expectLines(
      output,
      """
      Upload
        file: URL(file:///tmp/a.txt)
        started: Date(2025-11-22T22:01:48.25Z)
        bytes: Data(5 bytes: 48656c6c6f)
        pages: IndexSet(1...3, 7)
        checksum: SIMD2<UInt8>(7, 9)
      """)
  }

  @Test func printingATreeExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let ada = Person()
    ada.name = "Ada"
    ada.favoriteMovies.movies = ["Alien": 2, "Heat": 1]
    let family = Family()
    family.people = [ada, Person()]
    family.favorite = ada
    print(TreeSnapshot(family))

    expectLines(
      output,
      """
      Family
        people: 2 elements
          [0]: Person
            name: "Ada"
            favoriteMovies: FavoriteMovies
              input: ""
              movies: 2 entries
                ["Alien"]: 2
                ["Heat"]: 1
          [1]: Person
            name: ""
            favoriteMovies: FavoriteMovies
              input: ""
              movies: [:]
        favorite: Person (same as people[0])
      """)

    output = []
    let before = TreeSnapshot(family)
    ada.favoriteMovies.movies["Alien"] = 3
    family.people[1].name = "Grace"
    family.people.append(Person())
    print(TreeSnapshot(family).difference(from: before))

    expectLines(
      output,
      """
      people[0].favoriteMovies.movies["Alien"]
        - 2
        + 3
      people[1].name
        - ""
        + "Grace"
      people[2]
        + Person
        +   name: ""
        +   favoriteMovies: FavoriteMovies
        +     input: ""
        +     movies: [:]
      """)
  }

  @Test func changeLoggingExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ line: String) { output.append(line) }

    let store = Store(Person(), middleware: [.printingChanges { print($0) }])
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)
    store.dispatch(NameChange.clear)

    expectLines(
      output,
      """
      UpdateMovies.setInput("Alien")
        favoriteMovies.input
          - ""
          + "Alien"
      UpdateMovies.submit
        favoriteMovies.input
          - "Alien"
          + ""
        favoriteMovies.movies["Alien"]
          + 1
      NameChange.clear
        (no changes)
      """)
  }

  @Test func changeLoggingToAClosureExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    var log: [String] = []
    let store = Store(Person(), middleware: [.printingChanges { log.append($0) }])
    store.dispatch(NameChange.setName("Ada"))
    print(log.joined(separator: "\n"))

    expectLines(
      output,
      """
      NameChange.setName("Ada")
        name
          - ""
          + "Ada"
      """)
  }

  @Test func routingIntrospectionExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let ada = Person()
    let family = Family()
    family.people = [ada, Person()]
    family.favorite = ada
    let store = Store(family)
    for recipient in store.recipients(of: UpdateMovies.submit) {
      print(recipient)
    }
    print(store.recipients(of: NameChange.clear).map(\.path))

    expectLines(
      output,
      """
      people[0].favoriteMovies: FavoriteMovies
      people[1].favoriteMovies: FavoriteMovies
      ["people[0]", "people[1]"]
      """)
  }

  @Test func docCommentExamplesPrintTheirOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let person = Person()
    person.name = "Ada"
    person.favoriteMovies.movies = ["Alien": 2, "Heat": 1]
    print(TreeSnapshot(person))

    let other = Person()
    let before = TreeSnapshot(other)
    other.name = "Ada"
    other.favoriteMovies.movies["Alien"] = 1
    print(TreeSnapshot(other).difference(from: before))

    expectLines(
      output,
      """
      Person
        name: "Ada"
        favoriteMovies: FavoriteMovies
          input: ""
          movies: 2 entries
            ["Alien"]: 2
            ["Heat"]: 1
      name
        - ""
        + "Ada"
      favoriteMovies.movies["Alien"]
        + 1
      """)
  }
}
