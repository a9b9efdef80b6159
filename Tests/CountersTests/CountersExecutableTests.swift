import SwiftReduceTestSupport
import Testing

/// Runs the built `Counters` program with piped input, as a script would.
@Suite(TestScale.runsSamplePrograms)
struct CountersExecutableTests {
  /// The first screen, then `add` and the board it makes: how most sessions start.
  private static let firstAdd = """
    Counters
    No counters yet. Type add to make one.

    Type help for commands, quit to leave.
    > add
    Counters
    #1 count 0 step 1


    """

  @Test func aPipedSessionShowsTheBoardAfterEveryChange() throws {
    let run = try runCounters(
      input: "add\ninc 1\ninc 1\nadd\nstep 2 5\ninc 2\ndec 1\nset 1 7\nquit\n")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(
      run.standardOutput,
      Self.firstAdd + """
        > inc 1
        Counters
        #1 count 1 step 1

        > inc 1
        Counters
        #1 count 2 step 1

        > add
        Counters
        #1 count 2 step 1
        #2 count 0 step 1

        > step 2 5
        Counters
        #1 count 2 step 1
        #2 count 0 step 5

        > inc 2
        Counters
        #1 count 2 step 1
        #2 count 5 step 5

        > dec 1
        Counters
        #1 count 1 step 1
        #2 count 5 step 5

        > set 1 7
        Counters
        #1 count 7 step 1
        #2 count 5 step 5

        > quit

        """)
  }

  @Test func aGoalIsAddedMovedReachedAndTakenAway() throws {
    let run = try runCounters(
      input: "add\ngoal 1 3\ninc 1\ngoal 1 2\ninc 1\ngoal 1 off\n")
    #expect(run.status == 0)
    expectText(
      run.standardOutput,
      Self.firstAdd + """
        > goal 1 3
        Counters
        #1 count 0 step 1 goal 3: 3 to go

        > inc 1
        Counters
        #1 count 1 step 1 goal 3: 2 to go

        > goal 1 2
        Counters
        #1 count 1 step 1 goal 2: 1 to go

        > inc 1
        Counters
        #1 count 2 step 1 goal 2: reached

        > goal 1 off
        Counters
        #1 count 2 step 1

        >\u{20}

        """)
  }

  @Test func removingACounterKeepsTheOthersAndTheirNumbers() throws {
    let run = try runCounters(input: "add\nadd\nadd\ninc 3\nremove 2\nadd\n")
    #expect(run.status == 0)
    let lastBoard = try #require(
      run.standardOutput.components(separatedBy: "> ").last(where: {
        $0.hasPrefix("add\n")
      }))
    expectText(
      lastBoard,
      """
      add
      Counters
      #1 count 0 step 1
      #3 count 1 step 1
      #4 count 0 step 1


      """)
  }

  @Test func badInputIsExplainedAndChangesNothing() throws {
    let run = try runCounters(
      input: """
        frobnicate
        inc
        inc one
        inc 1
        add
        set 1
        set 1 lots
        set 1 99999999999999999999
        step 1 0
        remove 9
        add 2

        quit now
        quit

        """)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(
      run.standardOutput,
      """
      Counters
      No counters yet. Type add to make one.

      Type help for commands, quit to leave.
      > frobnicate
      There is no command frobnicate. Type help for commands.

      > inc
      Type inc and a counter's number, such as inc 1.

      > inc one
      one is not a counter's number: type a whole number, such as 1.

      > inc 1
      There is no counter #1. Type add to make one.

      > add
      Counters
      #1 count 0 step 1

      > set 1
      Type set N V, such as set 1 5.

      > set 1 lots
      lots is not a whole number from -9223372036854775808 to 9223372036854775807.

      > set 1 99999999999999999999
      99999999999999999999 is not a whole number from -9223372036854775808 to 9223372036854775807.

      > step 1 0
      A step is 1 or more.

      > remove 9
      There is no counter #9. Type add to make one.

      > add 2
      add takes nothing after it.

      >\u{20}
      Type help for commands, quit to leave.

      > quit now
      quit takes nothing after it.

      > quit

      """)
  }

  @Test func countsStopAtTheLimitsOfIntInsteadOfOverflowing() throws {
    let run = try runCounters(
      input: "add\nset 1 9223372036854775806\nstep 1 5\ninc 1\ngoal 1 -9223372036854775808\n"
        + "set 1 -9223372036854775807\ndec 1\ngoal 1 9223372036854775807\n")
    #expect(run.status == 0)
    let boards = run.standardOutput.components(separatedBy: "> ").suffix(6)
    expectText(
      boards.joined(separator: "> "),
      """
      inc 1
      Counters
      #1 count 9223372036854775807 step 5

      > goal 1 -9223372036854775808
      Counters
      #1 count 9223372036854775807 step 5 goal -9223372036854775808: reached

      > set 1 -9223372036854775807
      Counters
      #1 count -9223372036854775807 step 5 goal -9223372036854775808: reached

      > dec 1
      Counters
      #1 count -9223372036854775808 step 5 goal -9223372036854775808: reached

      > goal 1 9223372036854775807
      Counters
      #1 count -9223372036854775808 step 5 goal 9223372036854775807: far to go

      >\u{20}

      """)
  }

  @Test func controlCharactersInInputAreShownAsReplacementCharacters() throws {
    let run = try runCounters(input: "\u{1B}[2J\nquit\n")
    let answer = try #require(run.standardOutput.components(separatedBy: "> ").dropFirst().first)
    expectText(
      answer,
      """
      \u{FFFD}[2J
      There is no command \u{FFFD}[2J. Type help for commands.


      """)
  }
}
