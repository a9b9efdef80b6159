/// The text `MovieList` prints for one screen of a list 40 to 44 columns wide, stated once
/// for every test that reads whole screens: a blank line, the name, the two fields, a notice,
/// the hint and the lines of the list when there are any, a blank line, and any message.
///
/// - Parameters:
///   - name: The name in the first field.
///   - notice: The line under the fields, such as why watch did nothing.
///   - list: The lines under the hint, as drawn from their first column: the search, the rows.
///   - message: The line under the screen.
/// - Returns: The screen's lines, each ended by a line feed, as printed before the next prompt.
func listScreen(
  name: String = "", notice: String? = nil, list: [String] = [], message: String = ""
) -> String {
  var lines = [
    "", name.isEmpty ? "" : " \(name)", " [1] Enter Name: [\(name)] [2] (Clear)",
    " [3] Movie Name: [] [4] (watch)",
  ]
  if let notice { lines.append(" \(notice)") }
  if !list.isEmpty {
    lines +=
      [" Type a row's number to remove it;", " undo brings it back."] + list.map { " \($0)" }
  }
  return lines.joined(separator: "\n") + "\n\n" + (message.isEmpty ? "" : message + "\n")
}

/// The message under the first screen of the program.
let welcome = "Type help for commands, quit to leave."
