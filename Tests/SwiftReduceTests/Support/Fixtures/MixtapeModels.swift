import SwiftReduce

// A mixtape for the history's tests: every container a patch has a grain
// for (an array of value models, a dictionary of them, a set), an optional,
// a model reference and an array of models, all changed by one model's actions.

/// Changes to a ``Mixtape``.
enum MixtapeAction: Action {
  case rename(String)
  case add(String)
  case remove(at: Int)
  case retitle(at: Int, String)
  case file(String, under: String)
  case unfile(String)
  case tag(String)
  case untag(String)
  case note(String?)
  case host(Listener?)
  case invite(Listener)
  case dismiss(at: Int)
  case scribble(String)
}

/// Changes to every ``Track``, wherever it is stored.
enum TrackAction: Action {
  case play
}

/// A value model: a track, played where it is stored.
struct Track: ValueReducer, Equatable {
  var title: String
  var plays = 0

  mutating func reduce(action: TrackAction) {
    plays += 1
  }
}

/// A model the mixtape holds by reference.
final class Listener: Reducer {
  var name: String

  init(_ name: String) {
    self.name = name
  }

  func reduce(action: ListenerAction) {
    if case .rename(let name) = action { self.name = name }
  }
}

/// Changes to a ``Listener``.
enum ListenerAction: Action {
  case rename(String)
}

/// The root: a mixtape.
final class Mixtape: Reducer {
  var name = ""
  var tracks: [Track] = []
  var shelf: [String: Track] = [:]
  var tags: Set<String> = []
  var note: String?
  var host: Listener?
  var listeners: [Listener] = []
  /// Scribbles are a cache: never recorded.
  @Untraversed var scribble = ""

  func reduce(action: MixtapeAction) {
    switch action {
    case .rename(let name): self.name = name
    case .add(let title): tracks.append(Track(title: title))
    case .remove(let index): tracks.remove(at: index)
    case .retitle(let index, let title): tracks[index].title = title
    case .file(let title, let key): shelf[key] = Track(title: title)
    case .unfile(let key): shelf[key] = nil
    case .tag(let tag): tags.insert(tag)
    case .untag(let tag): tags.remove(tag)
    case .note(let note): self.note = note
    case .host(let listener): host = listener
    case .invite(let listener): listeners.append(listener)
    case .dismiss(let index): listeners.remove(at: index)
    case .scribble(let text): scribble = text
    }
  }
}

extension Mixtape {
  /// "Road": two tracks, one filed, a tag and a listener, for the tests of patches as data.
  static func road() -> Mixtape {
    let mixtape = Mixtape()
    mixtape.name = "Road"
    mixtape.tracks = [Track(title: "Heat"), Track(title: "Alien")]
    mixtape.shelf = ["a": Track(title: "Alien")]
    mixtape.tags = ["night"]
    mixtape.listeners = [Listener("Ada")]
    return mixtape
  }
}
