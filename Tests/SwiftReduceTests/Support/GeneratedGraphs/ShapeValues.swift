import SwiftReduce

// The value types of the shape families: collections that are not the standard library's,
// custom mirrors, and property wrappers. Their stored properties are what routing follows;
// what they iterate or what their mirror shows must make no difference.

// MARK: - Collections with stored models

/// A `Collection` of the songs it stores, with models stored before and after them.
struct Playlist: Collection {
  var curator: Node?
  var songs: [Leaf]
  var cover: Leaf?

  var startIndex: Int { songs.startIndex }
  var endIndex: Int { songs.endIndex }
  subscript(position: Int) -> Leaf { songs[position] }
  func index(after index: Int) -> Int { songs.index(after: index) }
}

/// A `Collection` of `Int`s that stores models too.
struct Tally: Collection {
  var scores: [Int]
  var referee: Leaf?
  var players: [Node]

  var startIndex: Int { scores.startIndex }
  var endIndex: Int { scores.endIndex }
  subscript(position: Int) -> Int { scores[position] }
  func index(after index: Int) -> Int { scores.index(after: index) }
}

/// A `Collection` that iterates the models it stores backwards.
struct Rewind: Collection {
  var leaves: [Leaf]

  var startIndex: Int { 0 }
  var endIndex: Int { leaves.count }
  subscript(position: Int) -> Leaf { leaves[leaves.count - 1 - position] }
  func index(after index: Int) -> Int { index + 1 }
}

/// A `Collection` whose elements are models it makes on each access and stores nowhere.
struct Echoes: Collection {
  let log: ProbeLog
  let echoID: Int
  var count: Int
  var source: Leaf?

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> Leaf { Leaf(id: echoID, log: log) }
  func index(after index: Int) -> Int { index + 1 }
}

/// An enum `Collection` whose payloads hold more models than it iterates, in another order.
enum Lineup: Collection {
  case silent
  case solo(Leaf)
  case band(leader: Node?, members: [Leaf], roadie: Leaf?)

  private var iterated: [Leaf] {
    switch self {
    case .silent: []
    case .solo(let leaf): [leaf]
    case .band(_, let members, _): members.reversed()
    }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { iterated.count }
  subscript(position: Int) -> Leaf { iterated[position] }
  func index(after index: Int) -> Int { index + 1 }
}

// MARK: - Custom mirrors

/// A value whose mirror shows none of the models it stores.
struct Mask: CustomReflectable {
  var face: Leaf?
  var nodes: [Node]

  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A value whose mirror shows its models backwards, plus a model it makes and stores nowhere.
struct Mirage: CustomReflectable {
  let log: ProbeLog
  let ghostID: Int
  var real: Leaf?
  var other: Node?

  var customMirror: Mirror {
    Mirror(
      self,
      children: ["ghost": Leaf(id: ghostID, log: log), "other": other as Any, "real": real as Any])
  }
}

// MARK: - Property wrappers

/// A property wrapper struct keeping earlier values next to the current one.
@propertyWrapper
struct Boxed<Value> {
  var wrappedValue: Value
  var history: [Value] = []

  init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  var projectedValue: Boxed<Value> {
    get { self }
    set { self = newValue }
  }
}

/// A property wrapper whose storage is a plain class: opaque, its models are not reached.
@propertyWrapper
final class Shared<Value> {
  var wrappedValue: Value

  init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

/// A property wrapper whose storage is a model class without a `reduce`: entered.
@propertyWrapper
final class Watched<Value>: Reducer {
  var wrappedValue: Value
  var previous: Value?

  init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  var projectedValue: Watched<Value> { self }
}
