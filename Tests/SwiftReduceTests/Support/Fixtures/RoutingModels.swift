import SwiftReduce

// Fixtures for the routing rules. Every model records its name in a shared
// `ReductionLog` when it reduces, so a test can assert the exact order.

/// The names of the models that reduced, in order.
///
/// Not a model, so the traversal never enters it.
final class ReductionLog {
  private(set) var names: [String] = []

  func record(_ name: String) {
    names.append(name)
  }
}

/// An action every ``Tracked`` model handles.
struct Knock: Action {}

/// An action no fixture model handles.
struct Ignored: Action {}

/// A family of actions, handled as a whole by ``SignalHandler``.
protocol Signal: Action {}
struct Flare: Signal {}
struct Beacon: Signal {}

/// A model that records `Knock`s and holds any number of child models.
final class Tracked: Reducer {
  let name: String
  let log: ReductionLog
  var children: [Tracked]

  init(_ name: String, _ log: ReductionLog, children: [Tracked] = []) {
    self.name = name
    self.log = log
    self.children = children
  }

  func reduce(action: Knock) {
    log.record(name)
  }
}

/// A model that handles every action conforming to ``Signal``.
final class SignalHandler: Reducer {
  let log: ReductionLog

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: any Signal) {
    log.record("\(type(of: action))")
  }
}

/// A pure container: it declares no `reduce(action:)`.
final class Container: Reducer {
  var first: Tracked
  var second: Tracked

  init(first: Tracked, second: Tracked) {
    self.first = first
    self.second = second
  }
}

// MARK: - Class hierarchies

class Grandparent: Reducer {
  let log: ReductionLog
  var inherited: Tracked

  init(_ log: ReductionLog) {
    self.log = log
    inherited = Tracked("grandparent field", log)
  }

  func reduce(action: Knock) {
    log.record("\(type(of: self))")
  }
}

class Parent: Grandparent {
  var middle = [Tracked]()
}

final class Child: Parent {
  var own: Tracked?
}

/// A class that is not a model, holding a model: it must never be entered.
final class OpaqueHolder {
  var hidden: Tracked

  init(_ hidden: Tracked) {
    self.hidden = hidden
  }
}

/// A class that is not a model, whose subclass is one.
class PlainBase {}

final class ModelSubclass: PlainBase, Reducer {
  let log: ReductionLog

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: Knock) {
    log.record("model subclass")
  }
}

// MARK: - Value shapes

/// A struct holding models, as a model's stored property.
struct Pair {
  var left: Tracked
  var right: Tracked?
  var label = "pair"
}

/// An enum with payloads, one of them indirect.
indirect enum Route {
  case end
  case stop(Tracked)
  case leg(Tracked, next: Route)
}

/// A property wrapper that stores its value plainly.
@propertyWrapper
struct Logged<Value> {
  var wrappedValue: Value
}

protocol Describable: AnyObject {}
extension Tracked: Describable {}

/// A model whose stored properties have one declared shape each.
final class Shapes: Reducer {
  var optional: Tracked?
  var nestedOptional: Tracked??
  var array: [Tracked] = []
  var contiguous: ContiguousArray<Tracked> = []
  var dictionary: [String: Tracked] = [:]
  var set: Set<HashableTracked> = []
  var tuple: (Int, Tracked?) = (0, nil)
  var pair: Pair?
  var route: Route = .end
  @Logged var wrapped: Tracked?
  var any: Any = 0
  var existential: (any Describable)?
  var anyObject: AnyObject?
  var plainBase: PlainBase?
  var opaque: OpaqueHolder?
  var arrayOfPairs: [Pair] = []
}

/// A hashable model, to be held in a `Set`.
final class HashableTracked: Reducer, Hashable {
  let name: String
  let log: ReductionLog

  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Knock) {
    log.record(name)
  }

  static func == (lhs: HashableTracked, rhs: HashableTracked) -> Bool {
    lhs === rhs
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A generic model.
final class Box<Content>: Reducer {
  var content: Content

  init(_ content: Content) {
    self.content = content
  }
}
