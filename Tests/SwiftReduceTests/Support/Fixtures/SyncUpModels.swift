import Observation
import SwiftReduce

// Two features sharing one plain model, as a port of TCA's SyncUps shares a
// sync-up between its detail and its meeting: the meeting writes into the
// shared model from its own reducer, which the shared model never takes.

/// What the shared ``SyncUp`` holds.
final class SyncUp: Reducer {
  var title = "Morning sync"
  var attendees: [Attendee] = [Attendee(name: "Blob")]
  var meetings: [String] = []
}

/// One attendee of a ``SyncUp``, a plain model below it.
final class Attendee: Reducer {
  var name: String
  init(name: String) { self.name = name }
}

/// Actions of the ``Meeting`` feature.
enum MeetingAction: Action {
  /// Ends the meeting: writes it into the shared sync-up.
  case end(transcript: String)
  /// Renames the first attendee of the shared sync-up.
  case renameFirstAttendee(String)
  /// Counts a second, in the meeting only.
  case tick
}

/// The feature that records a meeting into the sync-up it shares.
final class Meeting: Reducer {
  let syncUp: SyncUp
  var secondsElapsed = 0
  init(syncUp: SyncUp) { self.syncUp = syncUp }

  func reduce(action: MeetingAction) {
    switch action {
    case let .end(transcript): syncUp.meetings.append(transcript)
    case let .renameFirstAttendee(name): syncUp.attendees.first?.name = name
    case .tick: secondsElapsed += 1
    }
  }
}

/// The feature that shows the sync-up, and takes no action of the meeting.
final class SyncUpDetail: Reducer {
  let syncUp: SyncUp
  init(syncUp: SyncUp) { self.syncUp = syncUp }
}

/// The app: both features, over one shared sync-up.
final class SyncUpsApp: Reducer {
  let detail: SyncUpDetail
  let meeting: Meeting

  init() {
    let shared = SyncUp()
    detail = SyncUpDetail(syncUp: shared)
    meeting = Meeting(syncUp: shared)
  }
}

/// Actions of a ``Clicker``.
enum ClickerAction: Action {
  case count
  case rename(String)
}

/// An `@Observable` model that lists its observed key paths, so undo tells its readers.
@Observable final class Clicker: Reducer, UndoObservable {
  static var observedKeyPaths: [PartialKeyPath<Clicker>] { [\.count, \.name] }
  var count = 0
  var name = "gate"
  /// Not listed: undone, but its readers are not told.
  var note = ""

  func reduce(action: ClickerAction) {
    switch action {
    case .count:
      count += 1
      note = "counted"
    case let .rename(name): self.name = name
    }
  }
}

/// An `@Observable` model that lists nothing: undo cannot tell its readers.
@Observable final class UnlistedClicker: Reducer {
  var count = 0
  func reduce(action: ClickerAction) {
    if case .count = action { count += 1 }
  }
}

/// Actions of a ``Jukebox``.
enum JukeboxAction: Action {
  case add(String)
}

/// An `@Observable` model that lists a key path through an array's position.
@Observable final class Jukebox: Reducer, UndoObservable {
  static var observedKeyPaths: [PartialKeyPath<Jukebox>] { [\.songs, \.songs[0]] }
  var songs: [String] = []

  func reduce(action: JukeboxAction) {
    if case let .add(song) = action { songs.append(song) }
  }
}
