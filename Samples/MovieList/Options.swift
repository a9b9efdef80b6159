import Foundation

/// The command-line options of MovieList.
struct Options: Equatable {
  /// What the command line asks for.
  enum Request: Equatable {
    case run(Options)
    case help
    case version
    /// A usage error, explained in one line.
    case invalid(String)
  }

  /// The path of the state file.
  var file: String

  /// The path of the file a session is recorded to, if one is: every
  /// action with the changes it made, to be replayed as a test.
  var record: String?

  /// What `--version` prints.
  static let version = "MovieList 0.1.0"

  static let usage = """
    USAGE: MovieList [--file <path>] [--record <path>]

    Keeps your name and the movies you watch, with a view count for each.
    Type help in the app for its commands.

    OPTIONS:
      --file <path>  The JSON file that keeps the list between runs.
                     (default: $XDG_DATA_HOME/movielist/state.json, or
                     ~/.local/share/movielist/state.json when XDG_DATA_HOME is unset)
      --record <path>
                     Record the session (each action with the changes it
                     made) to this JSON file when you quit, to replay as a test.
      --version      Show the version.
      -h, --help     Show this help.
    """

  /// Reads the arguments after the program name.
  static func parse(_ arguments: [String], environment: [String: String], home: String)
    -> Request
  {
    var file: String?
    var record: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        return .help
      case "--version":
        return .version
      case "--file":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          return .invalid("--file needs a path")
        }
        file = path
      case _ where argument.hasPrefix("--file="):
        let path = String(argument.dropFirst("--file=".count))
        guard !path.isEmpty else { return .invalid("--file needs a path") }
        file = path
      case "--record":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          return .invalid("--record needs a path")
        }
        record = path
      case _ where argument.hasPrefix("--record="):
        let path = String(argument.dropFirst("--record=".count))
        guard !path.isEmpty else { return .invalid("--record needs a path") }
        record = path
      case _ where argument.hasPrefix("-"):
        return .invalid("unknown option '\(argument)'")
      default:
        return .invalid("unexpected argument '\(argument)'")
      }
    }
    return .run(
      Options(file: file ?? defaultFile(environment: environment, home: home), record: record))
  }

  /// `$XDG_DATA_HOME/movielist/state.json`, or its default under `home`.
  ///
  /// As the XDG specification asks, an empty or relative `XDG_DATA_HOME` is ignored.
  static func defaultFile(environment: [String: String], home: String) -> String {
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (home as NSString).appendingPathComponent(".local/share")
    return (dataHome as NSString).appendingPathComponent("movielist/state.json")
  }
}
