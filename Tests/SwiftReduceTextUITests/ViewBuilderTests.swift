import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct ViewBuilderTests {
  @Test(arguments: [(2, "Inbox\n2 unread"), (0, "Inbox\nAll read")])
  func ifElseShowsTheBranchThatHolds(unread: Int, expected: String) {
    expectText(Status(unread: unread).render(width: 20), expected)
  }

  @Test(arguments: [(true, "a\nb\nc"), (false, "a\nc")])
  func ifWithoutElseShowsItsContentOnlyWhenItHolds(show: Bool, expected: String) {
    let view = VStack {
      Text("a")
      if show {
        Text("b")
      }
      Text("c")
    }
    expectText(view.render(width: 20), expected)
  }

  @Test(arguments: [("Ada", "Name: Ada"), (nil, "No name")])
  func ifLetUnwrapsAnOptional(name: String?, expected: String) {
    let view = VStack {
      if let name {
        Text("Name: \(name)")
      } else {
        Text("No name")
      }
    }
    expectText(view.render(width: 20), expected)
  }

  @Test(arguments: [(0, "none"), (1, "one"), (7, "many")])
  func switchShowsTheMatchingCase(count: Int, expected: String) {
    let view = VStack {
      switch count {
      case 0: Text("none")
      case 1: Text("one")
      default: Text("many")
      }
    }
    expectText(view.render(width: 20), expected)
  }

  @Test func optionalViewShowsNothingWhenNil() {
    let missing: Text? = nil
    let view = VStack {
      Text("a")
      missing
      Text("b")
    }
    expectText(view.render(width: 20), "a\nb")
  }

  @Test func customViewMatchesTheDocumentationOfView() {
    expectText(Greeting(name: "Ada").render(width: 20), "Hello, Ada")
  }

  @Test func renderMatchesItsDocumentation() {
    let view = VStack {
      Text("Ada")
      HStack {
        TextField("Enter Name", text: .constant("Ada"))
        Button("Clear", action: NameChange.clear)
      }
    }
    expectText(
      view.render(width: 40),
      """
      Ada
      [1] Enter Name: [Ada] [2] (Clear)
      """)
  }

  @Test func tenViewsInOneBlockAreAllShown() {
    let view = HStack {
      Text("1")
      Text("2")
      Text("3")
      Text("4")
      Text("5")
      Text("6")
      Text("7")
      Text("8")
      Text("9")
      Text("10")
      Text("11")
    }
    expectText(view.render(width: 40), "1 2 3 4 5 6 7 8 9 10 11")
  }
}
