import SwiftReduceTextUI

/// The commands MovieList adds to the runner's: find, sort and save.
enum MovieCommands {
  static let all = [find, sort]

  /// `save` writes the list to the file at `path`, over another list found
  /// there: `overwrite` asks the next save to.
  @MainActor
  static func save(path: String, _ overwrite: @escaping @MainActor () -> Void) -> Command {
    Command(
      name: "save", usage: "save",
      help: "save the list now, over another list found in its file"
    ) { _ in
      overwrite()
      return .keep(message: "Saved the list to \(path).")
    }
  }

  /// `/TEXT` shows only the movies whose title contains `TEXT`, in any case.
  static let find = Command(
    name: "/", usage: "/TEXT",
    help: "show only the movies whose title contains TEXT, in any case (/ alone: all)",
    showsFirstRow: true
  ) { text in
    guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      return .refuse("A search takes printable text only. Nothing was changed.")
    }
    return .dispatch([UpdateMovies.find(text)])
  }

  /// `sort views` and `sort title` order the list, kept in the file.
  static let sort = Command(
    name: "sort", usage: "sort views|title", help: "order the list by views or by title",
    showsFirstRow: true
  ) { argument in
    guard let order = MovieOrder(rawValue: argument.lowercased()) else {
      return .refuse("Type sort views (most watched first) or sort title.")
    }
    return .dispatch([UpdateMovies.sort(order)])
  }
}
