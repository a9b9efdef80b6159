import Observation
import SwiftReduce

// A checklist of rows, for reads, bindings and subscriptions whose paths stop
// applying during a dispatch: a row removed, a panel closed, a key forgotten.

enum ChecklistAction: Action {
  case remove(Int)
  case append(String)
  case retitle(Int, String)
  case closePanel
  case forget(String)
  case dropNote(Int)
  case removeTask(Int)
}

/// A row: a class model in the checklist's array.
final class ChecklistRow: Reducer {
  var title: String

  init(_ title: String) {
    self.title = title
  }
}

/// A row that is `@Observable`: its properties are computed, over stored `_` storage.
@Observable
final class ChecklistTask: Reducer {
  var title: String

  init(_ title: String) {
    self.title = title
  }
}

/// A note: a struct in the checklist's array.
struct ChecklistNote: Equatable {
  var text: String
}

/// A panel the checklist may close.
final class ChecklistPanel: Reducer {
  var title = "Details"
}

final class Checklist: Reducer {
  var rows = [ChecklistRow("a"), ChecklistRow("b"), ChecklistRow("c")]
  var notes = [ChecklistNote(text: "first"), ChecklistNote(text: "second")]
  var panel: ChecklistPanel? = ChecklistPanel()
  var byName = ["a": ChecklistRow("keyed a"), "b": ChecklistRow("keyed b")]
  var tasks = [ChecklistTask("call"), ChecklistTask("write")]

  func reduce(action: ChecklistAction) {
    switch action {
    case let .remove(position): rows.remove(at: position)
    case let .append(title): rows.append(ChecklistRow(title))
    case let .retitle(position, title): rows[position].title = title
    case .closePanel: panel = nil
    case let .forget(name): byName[name] = nil
    case let .dropNote(position): notes.remove(at: position)
    case let .removeTask(position): tasks.remove(at: position)
    }
  }
}
