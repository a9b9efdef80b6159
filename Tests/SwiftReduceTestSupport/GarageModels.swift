import SwiftReduce

// A garage: models in enum payloads (one of them also in an array, pointing back at the
// garage weakly), a set of models hashed by identity, a model whose `deinit` cancels a
// subscription, and chains of models deep enough that only a loop can go through them.

/// Changes to a ``Garage`` and the other models of this file.
package enum GarageAction: Action {
  case hire(String)
  case overhaul
}

/// The root of the garage.
package final class Garage: Reducer {
  /// A `CustomStringConvertible` enum whose payload is a model, also held in ``crew``.
  package var assignment = Assignment.idle
  package var crew: [Mechanic] = []

  package init() {}

  /// A garage whose one mechanic is both on duty and in the crew, pointing back at it.
  package static func staffed() -> Garage {
    let garage = Garage()
    let ada = Mechanic("Ada", garage: garage)
    garage.assignment = .onDuty(ada)
    garage.crew = [ada]
    return garage
  }

  package func reduce(action: GarageAction) {
    if case .hire(let name) = action { crew.append(Mechanic(name, garage: self)) }
  }
}

/// What a garage is doing: described by its own text, with a model in one payload.
package enum Assignment: CustomStringConvertible {
  case idle
  case onDuty(Mechanic)

  package var description: String {
    switch self {
    case .idle: "idle"
    case .onDuty(let mechanic): "on duty: \(mechanic.name)"
    }
  }
}

/// A model in an enum payload and an array, with a weak back-pointer to its garage.
package final class Mechanic: Reducer {
  package var name: String
  package var overhauls = 0
  package weak var garage: Garage?

  package init(_ name: String, garage: Garage?) {
    self.name = name
    self.garage = garage
  }

  package func reduce(action: GarageAction) {
    if case .overhaul = action { overhauls += 1 }
  }
}

/// A model holding a set of models that are hashed and compared by identity.
package final class Toolbox: Reducer {
  package var wrenches: Set<Wrench> = []

  package init() {}

  /// A toolbox of wrenches of sizes 6 to 13, made anew each time.
  package static func full() -> Toolbox {
    let toolbox = Toolbox()
    toolbox.wrenches = Set((6...13).map(Wrench.init(size:)))
    return toolbox
  }

  package func reduce(action: GarageAction) {}
}

/// A model that is hashed and compared by identity, as classes usually are.
package final class Wrench: Reducer, Hashable {
  package var size: Int

  package init(size: Int) {
    self.size = size
  }

  package static func == (lhs: Wrench, rhs: Wrench) -> Bool {
    lhs === rhs
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// The root of a tree holding a model that cancels a subscription when it goes.
package final class Workbench: Reducer {
  package var overhauls = 0
  package var lamp: Lamp?

  package init() {}

  package func reduce(action: GarageAction) {
    if case .overhaul = action { overhauls += 1 }
  }
}

/// A model that owns a subscription and cancels it in its `deinit`, as models that
/// listen to a store do.
package final class Lamp: Reducer {
  package let subscription: StoreSubscription

  package init(subscription: StoreSubscription) {
    self.subscription = subscription
  }

  deinit {
    let subscription = subscription
    MainActor.assumeIsolated { subscription.cancel() }
  }
}

// MARK: - Deep chains

/// The action only a chain's ``Clasp`` handles: every link is walked through, none reduces.
package enum ClaspAction: Action {
  case fasten
}

/// The model at the end of a chain.
package final class Clasp: Reducer {
  package var fastened = false

  package init() {}

  package func reduce(action: ClaspAction) {
    fastened = true
  }
}

/// A link of a deep chain, however it holds the next link: how a chain is made and taken
/// apart is stated once, here, for ``Knot`` and ``Bead``.
package protocol ChainLink: AnyObject {
  /// The next link, through whatever the link stores it in.
  var nextLink: Self? { get set }
  /// The clasp the last link holds.
  var clasp: Clasp? { get set }

  init()
}

extension ChainLink {
  /// A chain of `count` links, the last holding a clasp.
  package static func chain(_ count: Int) -> (first: Self, last: Self) {
    let first = Self()
    var last = first
    for _ in 1..<count {
      let link = Self()
      last.nextLink = link
      last = link
    }
    last.clasp = Clasp()
    return (first, last)
  }

  /// Unlinks the chain below `first` link by link, so releasing it does not recurse.
  package static func unlink(_ first: Self) {
    var next = first.nextLink
    first.nextLink = nil
    while let current = next {
      next = current.nextLink
      current.nextLink = nil
    }
  }
}

/// A link of a chain through optionals.
package final class Knot: Reducer, ChainLink {
  package var next: Knot?
  package var clasp: Clasp?

  package init() {}

  package var nextLink: Knot? {
    get { next }
    set { next = newValue }
  }
}

/// A link of a chain through one-element arrays.
package final class Bead: Reducer, ChainLink {
  package var next: [Bead] = []
  package var clasp: Clasp?

  package init() {}

  package var nextLink: Bead? {
    get { next.first }
    set { next = newValue.map { [$0] } ?? [] }
  }
}
