import SwiftReduce

// A setlist whose items are leaves of several classes in one array, and a
// rhythm of value-model beats: the shapes the walk delivers to in runs.

/// An action of the playback family.
protocol PlaybackAction: Action {}

/// Plays every item; songs take exactly this type, shufflers the family.
struct Play: PlaybackAction {}

/// Who reduced, in order, during the dispatches of one test.
final class PlayLog {
  var entries: [String] = []
}

/// A list of leaves of several classes, in one array of references.
final class Setlist: Reducer {
  var items: [AnyObject]

  init(_ items: [AnyObject]) {
    self.items = items
  }
}

/// How a song reaches its setlist: not a model, so the walk never enters
/// it, and the song stays a leaf.
final class Remote {
  weak var setlist: Setlist?
}

/// A leaf that takes exactly ``Play``; it may change the setlist holding it.
final class Song: Reducer {
  enum Change {
    case none
    case removeNext
    case insertAtFront(Song)
  }

  let name: String
  let log: PlayLog
  var plays = 0
  var change: Change
  let remote = Remote()
  /// Called as it plays, to see what the walk has reduced by then.
  var onPlay: (() -> Void)?

  init(_ name: String, _ log: PlayLog, _ change: Change = .none) {
    self.name = name
    self.log = log
    self.change = change
  }

  func reduce(action: Play) {
    plays += 1
    log.entries.append(name)
    onPlay?()
    guard let setlist = remote.setlist else { return }
    switch change {
    case .none:
      break
    case .removeNext:
      if let index = setlist.items.firstIndex(where: { $0 === self }),
        index + 1 < setlist.items.count
      {
        setlist.items.remove(at: index + 1)
      }
    case let .insertAtFront(song):
      setlist.items.insert(song, at: 0)
    }
    change = .none
  }
}

/// A second leaf class taking exactly ``Play``, to mix with songs.
final class Jingle: Reducer {
  let name: String
  let log: PlayLog

  init(_ name: String, _ log: PlayLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Play) {
    log.entries.append(name)
  }
}

/// A leaf taking the whole playback family.
final class Shuffler: Reducer {
  let name: String
  let log: PlayLog

  init(_ name: String, _ log: PlayLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: any PlaybackAction) {
    log.entries.append(name)
  }
}

/// A leaf that takes nothing the setlist plays.
final class Silence: Reducer {
  var heard = 0

  func reduce(action: Never) {}
}

/// A generic leaf class: its delivery is compiled for every label.
final class LabelledSong<Label>: Reducer {
  let name: String
  let log: PlayLog

  init(_ name: String, _ log: PlayLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Play) {
    log.entries.append("\(name) (\(Label.self))")
  }
}

/// A value-model leaf counting its plays.
struct Beat: ValueReducer, Equatable {
  var name: String
  var hits = 0

  init(_ name: String) {
    self.name = name
  }

  mutating func reduce(action: Play) {
    hits += 1
  }
}

/// A value-model leaf taking the whole playback family.
struct Accent: ValueReducer, Equatable {
  var hits = 0

  mutating func reduce(action: any PlaybackAction) {
    hits += 1
  }
}

/// Beats first, then a song: the beats are read first.
final class Rhythm: Reducer {
  var beats: [Beat]
  var accents: [Accent] = []
  var lead: Song

  init(_ beats: [Beat], lead: Song) {
    self.beats = beats
    self.lead = lead
  }
}

/// A song first, then beats: the beats are read after the song reduced.
final class Chorus: Reducer {
  var lead: Song
  var beats: [Beat]

  init(lead: Song, _ beats: [Beat]) {
    self.lead = lead
    self.beats = beats
  }
}

/// An array read before the model that fills it.
final class Queue: Reducer {
  var later: [Song] = []
  var head: Filler

  init(head: Filler) {
    self.head = head
  }
}

/// Adds a song to its queue's array, which the walk has passed.
final class Filler: Reducer {
  weak var queue: Queue?
  let log: PlayLog

  init(_ log: PlayLog) {
    self.log = log
  }

  func reduce(action: Play) {
    log.entries.append("filler")
    queue?.later.append(Song("queued \(queue?.later.count ?? 0)", log))
  }
}
