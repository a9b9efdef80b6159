import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduceTextUI

@MainActor
struct SessionTests {
  /// A session on `NameEditor` whose store holds `Ada`, counting `onChange` calls.
  @MainActor
  private final class Fixture {
    let store = Store(Person())
    var changes = 0
    var failure: (any Error)?
    lazy var session = Session(
      store: store, content: { NameEditor() },
      onChange: { [unowned self] in
        changes += 1
        if let failure { throw failure }
      })

    init() {
      store.dispatch(NameChange.setName("Ada"))
    }

    func send(_ line: String) -> Session<Person, NameEditor>.Response {
      _ = session.render(width: 40)
      return session.handle(.bytes(Array(line.utf8)))
    }
  }

  private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "Could not save: the disk is full" }
  }

  static let screen = """
    [1] Enter Name: [Ada] [2] (Clear)
    [3] Hello, Ada
    """

  @Test func sessionRendersTheViewWithTheStoreProvided() {
    let fixture = Fixture()
    expectText(fixture.session.render(width: 40), Self.screen)
  }

  @Test func textAfterANumberIsTrimmedAndWrittenToThatTextField() {
    let fixture = Fixture()
    #expect(fixture.send("1  Grace  Hopper \t") == .proceed(message: nil))
    #expect(fixture.store.name == "Grace  Hopper")
    #expect(fixture.changes == 1)
  }

  @Test func aNumberAndASpaceAloneEmptyATextField() {
    let fixture = Fixture()
    #expect(fixture.send("1 ") == .proceed(message: nil))
    #expect(fixture.store.name == "")
  }

  @Test func aNumberAlonePressesAButton() {
    let fixture = Fixture()
    #expect(fixture.send("2") == .proceed(message: nil))
    #expect(fixture.store.name == "")
    #expect(fixture.changes == 1)
  }

  @Test func aNumberAloneTapsARowAndItsActionReachesTheStore() {
    let fixture = Fixture()
    #expect(fixture.send(" 3 ") == .proceed(message: nil))
    #expect(fixture.store.name == "Grace")
  }

  @Test func submittingATextFieldRunsItsOnSubmitHandlersInnermostFirst() {
    let store = Store(Person())
    var log: [String] = []
    let session = Session(
      store: store,
      content: {
        VStack {
          TextField(
            "Movie Name", text: store[\.favoriteMovies.input, { UpdateMovies.setInput($0) }]
          )
          .onSubmit(UpdateMovies.submit)
          .onSubmit { log.append("outer saw \"\(store.favoriteMovies.input)\"") }
        }
      }, onChange: {})
    _ = session.render(width: 40)
    #expect(session.handle(.bytes(Array("1 Alien".utf8))) == .proceed(message: nil))
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    #expect(store.favoriteMovies.input == "")
    #expect(log == ["outer saw \"\""])
  }

  @Test func aButtonClosureCanReadTheStoreFromTheEnvironmentWhenPressed() {
    struct Shout: View {
      @EnvironmentObject var store: Store<Person>

      var body: some View {
        Button("Shout") { store.dispatch(NameChange.setName(store.name.uppercased())) }
      }
    }
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    let session = Session(store: store, content: { Shout() }, onChange: {})
    _ = session.render(width: 40)
    #expect(session.handle(.bytes(Array("1".utf8))) == .proceed(message: nil))
    #expect(store.name == "ADA")
  }

  @Test(arguments: [
    ("", "The line is empty: type a control number, help or quit."),
    ("   ", "The line is empty: type a control number, help or quit."),
    ("hello", "Unknown command \"hello\": type a control number, help or quit."),
    ("12abc", "Unknown command \"12abc\": type a control number, help or quit."),
    ("-1", "Unknown command \"-1\": type a control number, help or quit."),
    ("quitter", "Unknown command \"quitter\": type a control number, help or quit."),
    ("\u{1B}[2J", "Unknown command \"␛[2J\": type a control number, help or quit."),
    (
      String(repeating: "z", count: 100),
      "Unknown command \"zzzzzzzzzzzzzzzzzzzzzzz…\": type a control number, help or quit."
    ),
    ("0", "There is no control 0: the controls are numbered 1 to 3."),
    ("4", "There is no control 4: the controls are numbered 1 to 3."),
    ("4 text", "There is no control 4: the controls are numbered 1 to 3."),
    (
      "99999999999999999999999",
      "There is no control 99999999999999999999999: the controls are numbered 1 to 3."
    ),
    (
      "1",
      "1 is the text field \"Enter Name\": type 1, a space and the text (1 and a space alone empty it)."
    ),
    ("2 now", "2 is the button \"Clear\": type 2 alone to press it."),
    ("3 x", "3 is a row: type 3 alone to tap it."),
  ])
  func badInputIsExplainedAndChangesNothing(line: String, message: String) {
    let fixture = Fixture()
    #expect(fixture.send(line) == .proceed(message: message))
    #expect(fixture.store.name == "Ada")
    #expect(fixture.changes == 0)
    expectText(fixture.session.render(width: 40), Self.screen)
  }

  @Test func invalidUTF8IsExplainedAndChangesNothing() {
    let fixture = Fixture()
    _ = fixture.session.render(width: 40)
    let response = fixture.session.handle(.bytes([UInt8(ascii: "1"), 0x20, 0xFF, 0xFE]))
    #expect(
      response == .proceed(message: "That line is not valid UTF-8 text. Nothing was changed."))
    #expect(fixture.store.name == "Ada")
    #expect(fixture.changes == 0)
  }

  @Test func aTooLongLineIsExplainedWithItsSizeAndChangesNothing() {
    let fixture = Fixture()
    _ = fixture.session.render(width: 40)
    let response = fixture.session.handle(.tooLong(byteCount: 1_048_577))
    #expect(
      response
        == .proceed(
          message:
            "That line is 1048577 bytes long; a line can hold at most 4096 bytes. Nothing was changed."
        ))
    #expect(fixture.changes == 0)
  }

  @Test func aScreenWithoutControlsSaysSo() {
    let session = Session(store: Store(Person()), content: { Text("Nothing here") }, onChange: {})
    _ = session.render(width: 40)
    #expect(
      session.handle(.bytes(Array("1".utf8)))
        == .proceed(message: "There is no control 1: this screen has no controls."))
  }

  @Test func helpListsTheCommandsAndTheControlsWrappedToTheWidth() {
    let fixture = Fixture()
    let response = fixture.send(" help ")
    #expect(
      response
        == .proceed(
          message: """
            Commands:
              N text  put text in text field N and
                      submit it (N and a space alone
                      empty it)
              N       press button N or tap row N
              help    show this help
              quit    leave (q, exit and the end of
                      the input too)
            Editing keys, on a terminal:
              Left Right     move the cursor
                             (Ctrl-B, Ctrl-F)
              Home End       go to the start or the
                             end (Ctrl-A, Ctrl-E)
              Backspace      delete before the
                             cursor (Delete and
                             Ctrl-D: at it)
              Ctrl-U Ctrl-K  delete to the start or
                             to the end
              Ctrl-W         delete the word before
                             the cursor
              Up Down        go through the lines
                             typed before
              Ctrl-L         draw the screen again
              Ctrl-D         leave, on an empty line
            Controls:
              [1] text field "Enter Name"
              [2] button "Clear"
              [3] row "Hello, Ada"
            """))
    #expect(fixture.changes == 0)
  }

  @Test(arguments: ["q", "exit", "QUIT", "Exit", " Q "])
  func quitQAndExitLeaveInAnyCase(command: String) {
    #expect(Fixture().send(command) == .quit)
  }

  @Test func commandsIgnoreCase() {
    let fixture = Fixture()
    #expect(fixture.send("HELP") == fixture.send("help"))
    #expect(fixture.send("N") == fixture.send("n"))
  }

  @Test func quitLeaves() {
    let fixture = Fixture()
    #expect(fixture.send("quit") == .quit)
    #expect(fixture.send(" quit\t") == .quit)
  }

  @Test func anErrorFromOnChangeIsKeptUntilALaterCallSucceeds() {
    let fixture = Fixture()
    fixture.failure = DiskFull()
    #expect(fixture.send("2") == .proceed(message: nil))
    #expect(fixture.store.name == "")
    #expect(fixture.session.unsavedChange == "Could not save: the disk is full")
    #expect(fixture.send("help") != .proceed(message: nil))
    #expect(fixture.session.unsavedChange == "Could not save: the disk is full")
    fixture.failure = nil
    #expect(fixture.send("1 Ada") == .proceed(message: nil))
    #expect(fixture.session.unsavedChange == nil)
  }

  @Test(arguments: [
    ("Ali\ten", "␉"), ("Ali\u{1B}[Den", "␛"), ("Ali\u{7F}en", "␡"), ("Ali\u{85}en", "\u{FFFD}"),
  ])
  func textWithAControlCharacterIsRefusedInOneLine(text: String, shown: String) {
    let fixture = Fixture()
    #expect(
      fixture.send("1 " + text)
        == .proceed(
          message: "Text fields take printable text only, and this has \(shown) in it. "
            + "Nothing was changed."))
    #expect(fixture.store.name == "Ada")
    #expect(fixture.changes == 0)
  }
}
