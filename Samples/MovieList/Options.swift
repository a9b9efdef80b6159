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
    var paths: [String: String] = [:]
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "-h" || argument == "--help" { return .help }
      if argument == "--version" { return .version }
      // `--file PATH`, `--file=PATH`, and the same for `--record`.
      let (name, attached) = argument.split(separator: "=", maxSplits: 1)
        .map(String.init).splitFirst()
      guard ["--file", "--record"].contains(name) else {
        return .invalid(
          argument.hasPrefix("-")
            ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
      }
      let path = attached ?? (argument.contains("=") ? "" : remaining.popFirst() ?? "")
      guard !path.isEmpty else { return .invalid("\(name) needs a path") }
      paths[name] = path
    }
    let file = paths["--file"]
    let record = paths["--record"]
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

extension Array where Element == String {
  /// The first element and, when there is one, the second.
  fileprivate func splitFirst() -> (String, String?) {
    (first ?? "", count > 1 ? self[1] : nil)
  }
}
