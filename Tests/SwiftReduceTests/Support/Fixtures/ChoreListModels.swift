import SwiftReduce

// A checklist whose rows are class models and whose memos are value models,
// each `Identifiable`, for scoped stores and targeted dispatch.

/// What a checklist row does.
enum ChoreAction: Action, Equatable {
  case toggle
  case rename(String)
}

/// What a memo does.
enum MemoAction: Action, Equatable {
  case append(String)
}

/// What the checklist itself does.
enum ChoreListAction: Action, Equatable {
  case add(id: Int, title: String)
  case insertFirst(id: Int, title: String)
  case remove(id: Int)
}

/// The reductions of a checklist, in order, as `name:action`.
final class ChoreLog {
  var entries: [String] = []
}

/// A sub-task of a row, to show that a targeted action reaches below its target.
final class ChoreStep: Reducer {
  let log: ChoreLog
  var done = false

  init(log: ChoreLog) {
    self.log = log
  }

  func reduce(action: ChoreAction) {
    log.entries.append("subtask:\(action)")
    if action == .toggle { done.toggle() }
  }
}

/// One row of the checklist.
final class Chore: Reducer, Identifiable {
  let id: Int
  var title: String
  var isDone = false
  var subtask: ChoreStep
  let log: ChoreLog

  init(id: Int, title: String, log: ChoreLog) {
    self.id = id
    self.title = title
    self.log = log
    self.subtask = ChoreStep(log: log)
  }

  func reduce(action: ChoreAction) {
    log.entries.append("item \(id):\(action)")
    switch action {
    case .toggle: isDone.toggle()
    case let .rename(title): self.title = title
    }
  }
}

/// A memo: a value model row.
struct Memo: ValueReducer, Identifiable, Equatable {
  let id: String
  var lines: [String] = []

  mutating func reduce(action: MemoAction) {
    switch action {
    case let .append(line): lines.append(line)
    }
  }
}

/// A detail pane that may be open.
final class ChoreDetail: Reducer {
  var text = ""

  func reduce(action: ChoreAction) {
    if case let .rename(text) = action { self.text = text }
  }
}

/// The root: rows, memos and an optional detail.
final class ChoreList: Reducer {
  let log: ChoreLog
  var items: [Chore] = []
  var memos: [Memo] = [Memo(id: "a"), Memo(id: "b")]
  var detail: ChoreDetail?
  let pinned: ChoreDetail = ChoreDetail()
  /// The first memo, read-only: no targeted action can write it back.
  var firstMemo: Memo { memos[0] }

  init(log: ChoreLog, titles: [String] = []) {
    self.log = log
    items = titles.enumerated().map { Chore(id: $0.offset, title: $0.element, log: log) }
  }

  func reduce(action: ChoreListAction) {
    switch action {
    case let .add(id, title): items.append(Chore(id: id, title: title, log: log))
    case let .insertFirst(id, title): items.insert(Chore(id: id, title: title, log: log), at: 0)
    case let .remove(id): items.removeAll { $0.id == id }
    }
  }
}
