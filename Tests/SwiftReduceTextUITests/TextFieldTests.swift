import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct TextFieldTests {
  @Test func textFieldMatchesItsDocumentation() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    let field = TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
    expectText(field.render(width: 40), "[1] Enter Name: [Ada]")
  }

  @Test func emptyTextFieldShowsEmptyBrackets() {
    expectText(TextField("Movie Name", text: .constant("")).render(width: 40), "[1] Movie Name: []")
  }

  @Test func textFieldWithoutTitleShowsOnlyItsText() {
    expectText(TextField("", text: .constant("Ada")).render(width: 40), "[1] [Ada]")
  }

  @Test func narrowTextFieldCutsItsTextAndKeepsItsFrame() {
    expectText(
      TextField("Enter Name", text: .constant("Grace Hopper")).render(width: 24),
      "[1] Enter Name: [Grace…]")
  }

  @Test func textFieldNarrowerThanItsFrameIsCutWhole() {
    expectText(
      TextField("Enter Name", text: .constant("Grace Hopper")).render(width: 10), "[1] Enter…")
  }

  @Test func textFieldShowsLineBreaksAndControlCharactersVisibly() {
    expectText(
      TextField("Note", text: .constant("a\nb\u{1B}c")).render(width: 40),
      "[1] Note: [a⏎b\u{FFFD}c]")
  }
}
