import Testing

@testable import MovieList

struct OptionsTests {
  private let home = "/home/ada"

  @Test(arguments: [
    ([], Options.Request.run(Options(file: "/home/ada/.local/share/movielist/state.json"))),
    (["--file", "list.json"], .run(Options(file: "list.json"))),
    (["--file=list.json"], .run(Options(file: "list.json"))),
    (["--file", "a.json", "--file", "b.json"], .run(Options(file: "b.json"))),
    (["--help"], .help),
    (["-h", "--bogus"], .help),
    (["--bogus"], .invalid("unknown option '--bogus'")),
    (["--file"], .invalid("--file needs a path")),
    (["--file="], .invalid("--file needs a path")),
    (["list.json"], .invalid("unexpected argument 'list.json'")),
    (["--file", "a.json", "--record", "s.json"], .run(Options(file: "a.json", record: "s.json"))),
    (["--file=a.json", "--record=s.json"], .run(Options(file: "a.json", record: "s.json"))),
    (["--record"], .invalid("--record needs a path")),
    (["--record="], .invalid("--record needs a path")),
  ])
  func argumentsAreReadLeftToRight(arguments: [String], request: Options.Request) {
    #expect(Options.parse(arguments, environment: [:], home: home) == request)
  }

  @Test(arguments: [
    (["XDG_DATA_HOME": "/data"], "/data/movielist/state.json"),
    (["XDG_DATA_HOME": ""], "/home/ada/.local/share/movielist/state.json"),
    (["XDG_DATA_HOME": "relative"], "/home/ada/.local/share/movielist/state.json"),
    ([:], "/home/ada/.local/share/movielist/state.json"),
  ])
  func defaultFileFollowsXDGDataHome(environment: [String: String], file: String) {
    #expect(Options.defaultFile(environment: environment, home: home) == file)
  }
}
