import SwiftReduce

/// A command that an app adds to those of its ``Runner``, such as
/// `sort views` or `/alien`.
///
/// A line is the command when it starts with its name, in any case, and
/// the name is all of it or is followed by a space; a name that does not
/// end in a letter or digit, such as `/`, may be followed directly by its
/// argument. The argument is the rest of the line, trimmed, in the case it
/// was typed.
///
/// ```swift
/// let shout = Command(name: "shout", usage: "shout NAME", help: "set the name in capitals") {
///   $0.isEmpty
///     ? .refuse("Type shout and a name.") : .dispatch([NameChange.setName($0.uppercased())])
/// }
/// let runner = Runner(store: Store(Person()), commands: [shout]) { NameView() }
/// await runner.run()
/// ```
///
/// with the lines `SHOUT ada`, `shout` and `quit` piped in, prints
///
/// ```
/// Name:
/// > SHOUT ada
/// Name: ADA
/// > shout
/// Name: ADA
/// Type shout and a name.
/// > quit
/// ```
public struct Command: Sendable {
  /// What a command does with its argument.
  public enum Outcome {
    /// Dispatches `actions` as one input line does: one step of the
    /// runner's `History`, if they change something, followed by
    /// `onChange`; `message` is shown under the next screen.
    case dispatch([any Action], message: String? = nil)
    /// Changes nothing and explains why in one line.
    case refuse(String)
    /// Changes nothing but calls `onChange`, as a command that saves does;
    /// `message` is shown under the next screen when `onChange` succeeds.
    case keep(message: String)
  }

  let name: String
  let usage: String
  let help: String
  /// Whether the paged list starts again at its first row after the
  /// command, as after a new search or order.
  let showsFirstRow: Bool
  let perform: @Sendable @MainActor (String) -> Outcome

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: What the line starts with, such as `sort` or `/`.
  ///   - usage: How `help` shows it, such as `sort views|title`.
  ///   - help: What `help` says it does.
  ///   - showsFirstRow: Whether a long list shows its first page again
  ///     when the command dispatches, as after a new search or order.
  ///   - perform: Given the argument, what to do.
  public init(
    name: String, usage: String, help: String, showsFirstRow: Bool = false,
    perform: @escaping @Sendable @MainActor (_ argument: String) -> Outcome
  ) {
    self.name = name.lowercased()
    self.usage = usage
    self.help = help
    self.showsFirstRow = showsFirstRow
    self.perform = perform
  }

  /// The argument of `line` (trimmed) when `line` is this command.
  func argument(of line: String) -> String? {
    guard line.lowercased().hasPrefix(name) else { return nil }
    let rest = line.dropFirst(name.count)
    let joined = name.last.map { !$0.isLetter && !$0.isNumber } ?? false
    guard rest.isEmpty || rest.first == " " || joined else { return nil }
    return String(rest.drop(while: \.isWhitespace))
  }
}
