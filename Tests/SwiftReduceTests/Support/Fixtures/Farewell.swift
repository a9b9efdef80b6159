import SwiftReduce

// Models whose `deinit` dispatches, for the queue: a screening cancelled by its
// programme (released inside `reduce`) and a notice that takes itself down
// (released by the walk when the dispatch ends).

enum ProgrammeAction: Action {
  case cancel(String)
}

enum NoticeAction: Action {
  case takeDown
}

/// Holds the screenings of an evening; cancelling one releases it inside `reduce`.
final class Programme: Reducer {
  var screenings: [Screening] = []
  var notice: Notice?

  func reduce(action: ProgrammeAction) {
    switch action {
    case .cancel(let title): screenings.removeAll { $0.title == title }
    }
  }
}

/// A screening that calls `onRelease` from its `deinit`.
final class Screening: Reducer {
  let title: String
  let onRelease: @MainActor (String) -> Void

  init(_ title: String, onRelease: @escaping @MainActor (String) -> Void) {
    self.title = title
    self.onRelease = onRelease
  }

  deinit {
    let title = title
    let onRelease = onRelease
    MainActor.assumeIsolated { onRelease(title) }
  }
}

/// A notice that takes itself down from its programme: the walk, which
/// reached it, is then its last owner, and releases it when the dispatch ends.
final class Notice: Reducer {
  weak var programme: Programme?
  let onRelease: @MainActor () -> Void

  init(on programme: Programme, onRelease: @escaping @MainActor () -> Void) {
    self.programme = programme
    self.onRelease = onRelease
  }

  func reduce(action: NoticeAction) {
    programme?.notice = nil
  }

  deinit {
    let onRelease = onRelease
    MainActor.assumeIsolated { onRelease() }
  }
}
