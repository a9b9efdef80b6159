import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduceTextUI

@MainActor
struct RunnerTests {
  private func greeter(_ store: Store<Person>) -> Runner<Person, some View> {
    Runner(store: store) {
      VStack {
        Text("Hello, \(store.name)")
        TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
      }
    }
  }

  @Test func runnerMatchesItsDocumentation() async {
    let output = await transcript(of: greeter(Store(Person())), input: Array("1 Ada\nquit\n".utf8))
    expectText(
      output,
      """
      Hello,
      [1] Enter Name: []
      > 1 Ada
      Hello, Ada
      [1] Enter Name: [Ada]
      > quit

      """)
  }

  @Test func pipedSessionPrintsEveryScreenAndExplanationInSequence() async {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    let runner = Runner(store: store) { NameEditor() }
    let input = Array("7\n2\n".utf8) + [0xC3, 0x28, 10]
    expectText(
      await transcript(of: runner, input: input),
      """
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Hello, Ada
      > 7
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Hello, Ada
      There is no control 7: the controls are numbered 1 to 3.
      > 2
      [1] Enter Name: [] [2] (Clear)
      [3] Hello,
      > \u{FFFD}(
      [1] Enter Name: [] [2] (Clear)
      [3] Hello,
      That line is not valid UTF-8 text. Nothing was changed.
      >\u{20}

      """)
  }

  @Test func aOneMegabyteLineIsEchoedByItsSizeAndExplained() async {
    let store = Store(Person())
    let input = [UInt8](repeating: UInt8(ascii: "1"), count: 1 << 20) + [10]
    expectText(
      await transcript(of: greeter(store), input: input),
      """
      Hello,
      [1] Enter Name: []
      > (a line of 1048576 bytes)
      Hello,
      [1] Enter Name: []
      That line is 1048576 bytes long; a line can hold at most 4096 bytes. Nothing was changed.
      >\u{20}

      """)
    #expect(store.name == "")
  }

  @Test func quitStopsReadingTheLinesAfterIt() async {
    let store = Store(Person())
    _ = await transcript(of: greeter(store), input: Array("quit\n1 Ada\n".utf8))
    #expect(store.name == "")
  }

  @Test func endOfInputWithoutLineFeedStillRunsTheLastLine() async {
    let store = Store(Person())
    _ = await transcript(of: greeter(store), input: Array("1 Ada".utf8))
    #expect(store.name == "Ada")
  }

  @Test func onChangeIsCalledAfterEachLineThatUsedAControl() async {
    let store = Store(Person())
    var saved: [String] = []
    func save() { saved.append(store.name) }
    let runner = Runner(store: store, onChange: save) { NameEditor() }
    _ = await transcript(of: runner, input: Array("1 Ada\n9\nhelp\n3\n2\n".utf8))
    #expect(saved == ["Ada", "Grace", ""])
  }

  @Test func interactiveSessionClearsTheScreenBeforeEachFrameAndDoesNotEcho() async {
    let output = await transcript(
      of: greeter(Store(Person())), input: Array("1 Ada\n".utf8), interactive: true)
    #expect(
      output
        == "\u{1B}[H\u{1B}[2JHello,\n[1] Enter Name: []\n> "
        + "\u{1B}[H\u{1B}[2JHello, Ada\n[1] Enter Name: [Ada]\n> \n")
  }

  @Test func eachScreenIsRenderedAtTheWidthOfTheMoment() async {
    let runner = Runner(store: Store(Person())) { Divider() }
    var widths = [3, 5]
    var chunks = [Array("help\n".utf8)]
    var reader = LineReader { chunks.isEmpty ? nil : chunks.removeFirst() }
    var output = ""
    await runner.run(
      reader: &reader, interactive: false, width: { widths.removeFirst() },
      write: { output += $0 })
    #expect(output.hasPrefix("───\n> help\n─────\nCommands:\n"))
    #expect(widths.isEmpty)
  }

  @Test func aTabInPipedInputIsEchoedAsASymbolAndTheTextIsRefused() async {
    let store = Store(Person())
    expectText(
      await transcript(of: greeter(store), input: Array("1 Ada\tLovelace\n".utf8), width: 80),
      """
      Hello,
      [1] Enter Name: []
      > 1 Ada␉Lovelace
      Hello,
      [1] Enter Name: []
      Text fields take printable text only, and this has ␉ in it. Nothing was changed.
      >\u{20}

      """)
    #expect(store.name == "")
  }

  @Test func aFailedChangeStaysUnderEveryScreenUntilOneSucceeds() async {
    struct ReadOnly: Error, CustomStringConvertible {
      var description: String { "Not saved: the directory is read-only." }
    }
    let store = Store(Person())
    var failing = true
    func save() throws { if failing { throw ReadOnly() } }
    let runner = Runner(store: store, onChange: save) { NameEditor() }
    var lines = ["1 Ada", "help", "2"].map { Array(($0 + "\n").utf8) }
    var reader = LineReader { lines.isEmpty ? nil : lines.removeFirst() }
    var output = ""
    await runner.run(
      reader: &reader, interactive: false, width: { 40 },
      write: { text in
        output += text
        // The problem is fixed after the help is read.
        if output.hasSuffix("> 2\n") { failing = false }
      })
    let screens = output.split(separator: "\n> ", omittingEmptySubsequences: false)
    #expect(screens.count == 5)
    #expect(screens[1].hasSuffix("[3] Hello, Ada\nNot saved: the directory is read-only."))
    #expect(screens[2].hasSuffix("Not saved: the directory is read-only."))
    #expect(screens[3].hasSuffix("[3] Hello,"))
    #expect(runner.unsavedChange == nil)
  }

  @Test func commandMatchesItsDocumentation() async {
    let shout = Command(name: "shout", usage: "shout NAME", help: "set the name in capitals") {
      $0.isEmpty
        ? .refuse("Type shout and a name.") : .dispatch([NameChange.setName($0.uppercased())])
    }
    let runner = Runner(store: Store(Person()), commands: [shout]) { NameView() }
    expectText(
      await transcript(of: runner, input: Array("SHOUT ada\nshout\nquit\n".utf8)),
      """
      Name:
      > SHOUT ada
      Name: ADA
      > shout
      Name: ADA
      Type shout and a name.
      > quit

      """)
  }

  @Test func aCommandsNameIsAWholeWordUnlessItEndsInASymbol() {
    let sort = Command(name: "sort", usage: "", help: "") { _ in .refuse("") }
    let find = Command(name: "/", usage: "", help: "") { _ in .refuse("") }
    #expect(sort.argument(of: "Sort  Views ") == "Views ")
    #expect(sort.argument(of: "sorted") == nil)
    #expect(find.argument(of: "/Alien") == "Alien")
    #expect(find.argument(of: "/") == "")
  }

  // MARK: - Observation

  /// Runs `runner` on the events `feed` yields, started once the first
  /// screen is drawn, and returns everything it wrote.
  private func output<Content>(
    of runner: Runner<Person, Content>, interactive: Bool,
    feed: @escaping @MainActor (AsyncStream<RunnerEvent>.Continuation) -> Void
  ) async -> String {
    let (events, continuation) = AsyncStream.makeStream(of: RunnerEvent.self)
    // Runs when the runner waits for input, after the first screen.
    Task { @MainActor in feed(continuation) }
    var output = ""
    await runner.run(
      events: events, changes: continuation, interactive: interactive,
      size: { (40, nil) }, write: { output += $0 })
    return output
  }

  @Test func aChangeAnEffectDispatchesBetweenTwoLinesIsDrawnWithoutAKeyPress() async {
    let store = Store(Person())
    let text = await output(of: greeter(store), interactive: true) { events in
      store.run { send in
        send(NameChange.setName("Ada"))
        events.yield(.input(.end))
      }
    }
    #expect(
      text
        == "\u{1B}[H\u{1B}[2JHello,\n[1] Enter Name: []\n> "
        + "\u{1B}[H\u{1B}[2JHello, Ada\n[1] Enter Name: [Ada]\n> \n")
  }

  @Test func aChangeBetweenTwoPipedLinesPrintsTheScreenAgainAfterThePrompt() async {
    let store = Store(Person())
    let text = await output(of: greeter(store), interactive: false) { events in
      store.run { send in
        send(NameChange.setName("Ada"))
        events.yield(.line(.bytes(Array("quit".utf8))))
      }
    }
    expectText(
      text,
      """
      Hello,
      [1] Enter Name: []
      >\u{20}
      Hello, Ada
      [1] Enter Name: [Ada]
      > quit

      """)
  }

  @Test func inputThatChangesNothingOnScreenDrawsNothingButThePrompt() async {
    let store = Store(Person())
    let runner = Runner(store: store) { NameEditor() }
    let text = await output(of: runner, interactive: true) { events in
      events.yield(.input(.bytes(Array("2\r".utf8))))
      events.yield(.input(.end))
    }
    #expect(
      text
        == "\u{1B}[H\u{1B}[2J[1] Enter Name: [] [2] (Clear)\n[3] Hello,\n> "
        + "\r> 2\u{1B}[K" + "\r> \u{1B}[K" + "\n")
  }

  @Test func aChangeThatLeavesTheScreenAsItWasDrawsNothing() async {
    let store = Store(Person())
    let text = await output(of: greeter(store), interactive: true) { events in
      // The screen read the name; setting the same name changes nothing it shows.
      store.dispatch(NameChange.setName(""))
      events.yield(.input(.end))
    }
    #expect(text == "\u{1B}[H\u{1B}[2JHello,\n[1] Enter Name: []\n> \n")
  }

  @Test func aChangeToWhatTheScreenDidNotReadDrawsNothing() async {
    let store = Store(Person())
    let runner = Runner(store: store) { Text("Hello") }
    let text = await output(of: runner, interactive: true) { events in
      store.dispatch(NameChange.setName("Ada"))
      events.yield(.input(.end))
    }
    #expect(text == "\u{1B}[H\u{1B}[2JHello\n> \n")
  }
}
