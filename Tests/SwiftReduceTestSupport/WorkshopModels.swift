import SwiftReduce

// A workshop: one model per kind of value that holds no model but has a layout of its own
// (identifiers, tasks, SIMD vectors, wide and half-width numbers, raw pointers) or is a
// standard view of models (slices, dictionary values). Each keeps its value first and a
// ``Gauge`` after it, so a tool that reads past the value has a model to find there.
// `WorkshopAction.advance` changes each value to another of its kind.

/// The one action of the workshop: every model changes its value to another of its kind.
package enum WorkshopAction: Action {
  case advance
}

/// An object whose identity the workshop's identifiers and pointers are made from.
package final class Keycard: Sendable {
  /// The card the workshop's values start with.
  package static let first = Keycard()
  /// The card `advance` switches to.
  package static let second = Keycard()
  /// A third card, for sets of identifiers.
  package static let third = Keycard()

  package init() {}
}

/// A model with nothing to show but its one reading: what the tools find past each value.
package final class Gauge: Reducer {
  package var readings = 0

  package init() {}

  package func reduce(action: WorkshopAction) {}
}

/// A model holding an `ObjectIdentifier`.
package final class Badge: Reducer {
  package var owner = ObjectIdentifier(Keycard.first)
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    let first = ObjectIdentifier(Keycard.first)
    owner = owner == first ? ObjectIdentifier(Keycard.second) : first
  }
}

/// A model holding a `Task`.
package final class Errand: Reducer {
  package var job = Task<Void, Never> {}
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    job = Task {}
  }
}

/// A model holding a SIMD vector.
package final class Compass: Reducer {
  package var heading = SIMD2<Float>(1, 2)
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    heading.x += 1
  }
}

/// A model holding an `Int128`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
package final class Abacus: Reducer {
  package var total = Int128.max
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    total -= 1
  }
}

#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
  /// A model holding a `Float16`, which Intel Macs do not have.
  package final class Thermometer: Reducer {
    package var degrees: Float16 = 1.5
    package var gauge = Gauge()

    package init() {}

    package func reduce(action: WorkshopAction) {
      degrees += 1
    }
  }
#endif

/// A model holding an `UnsafeRawPointer` and an `OpaquePointer`, never dereferenced.
package final class Socket: Reducer {
  package var address = UnsafeRawPointer(Unmanaged.passUnretained(Keycard.first).toOpaque())
  package var handle = OpaquePointer(Unmanaged.passUnretained(Keycard.second).toOpaque())
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    address = address.advanced(by: 8)
    handle = OpaquePointer(UnsafeRawPointer(handle).advanced(by: 16))
  }
}

extension Socket {
  /// The difference `WorkshopAction.advance` makes to the socket as it is now, as differences
  /// and `printingChanges` show it: stated once for every tool that shows one.
  package var advanceDifference: String {
    """
    address
      - \(String(reflecting: address))
      + \(String(reflecting: address.advanced(by: 8)))
    handle
      - \(String(reflecting: handle))
      + \(String(reflecting: OpaquePointer(UnsafeRawPointer(handle).advanced(by: 16))))
    """
  }
}

/// A model in the workshop's collections; `advance` adds a tooth.
package final class Sprocket: Reducer {
  package var teeth: Int

  package init(teeth: Int) {
    self.teeth = teeth
  }

  package func reduce(action: WorkshopAction) {
    teeth += 1
  }
}

/// A model holding an `ArraySlice` of models that starts past its array's first element.
package final class SprocketRack: Reducer {
  package var sprockets = [Sprocket(teeth: 8), Sprocket(teeth: 12), Sprocket(teeth: 16)]
    .dropFirst()
  package var gauge = Gauge()

  package init() {}
}

/// A model holding the `values` of a dictionary of models (one entry, so its order is fixed).
package final class Catalog: Reducer {
  package var parts = ["gear": Sprocket(teeth: 20)].values
  package var gauge = Gauge()

  package init() {}
}

/// A model holding a `Set<ObjectIdentifier>`; `advance` replaces its one member.
package final class Guestlist: Reducer {
  package var guests: Set<ObjectIdentifier> = [ObjectIdentifier(Keycard.first)]
  package var gauge = Gauge()

  package init() {}

  package func reduce(action: WorkshopAction) {
    guests = [ObjectIdentifier(Keycard.third)]
  }
}
