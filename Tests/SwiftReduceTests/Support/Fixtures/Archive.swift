import SwiftReduce

// An archive of boxes of folders, for key-path subscriptions whose paths run
// through class and struct properties, tuples, `Array` and `ContiguousArray`
// subscripts, and through the kinds of component that are projected as usual.

enum ArchiveAction: Action {
  case retitle(box: Int, folder: Int, String)
  case replaceBoxes
  case relabel(String)
  case count(Int)
  case move(String)
  case adopt(Folder?)
}

final class Folder: Reducer {
  var title: String

  init(_ title: String) {
    self.title = title
  }
}

final class ArchiveBox: Reducer {
  var folders: [Folder]

  init(_ folders: [Folder]) {
    self.folders = folders
  }
}

struct Shelving {
  var label = "A"
  var location = (aisle: 1, room: "basement")
}

final class Archive: Reducer {
  var boxes = [ArchiveBox([Folder("a0"), Folder("a1")]), ArchiveBox([Folder("b0")])]
  var shelving = Shelving()
  var counts = [1, 2, 3]
  var recent: ContiguousArray<Folder> = [Folder("r0")]
  weak var favourite: Folder?
  var byName: [String: Folder] = [:]
  lazy var summary = "lazy"
  var computedCount: Int { counts.reduce(0, +) }

  func reduce(action: ArchiveAction) {
    switch action {
    case let .retitle(box, folder, title):
      boxes[box].folders[folder].title = title
    case .replaceBoxes:
      boxes = [ArchiveBox([Folder("c0"), Folder("c1")]), ArchiveBox([Folder("d0")])]
    case let .relabel(label):
      shelving.label = label
    case let .count(number):
      counts[2] = number
    case let .move(room):
      shelving.location.room = room
      recent[0].title = room
    case let .adopt(folder):
      favourite = folder
      byName["favourite"] = folder
    }
  }
}
