@_spi(Reflection) import Swift
import SwiftReduce
import Synchronization

/// What the switchboard's parts answer: a bulb flips, a knob turns.
enum SwitchboardAction: Action {
  case flip
  case turn
}

/// A bulb: a class model that `flip` switches on and off.
class Bulb: Reducer {
  let name: String
  var isOn = false

  init(_ name: String) {
    self.name = name
  }

  func reduce(action: SwitchboardAction) {
    if case .flip = action { isOn.toggle() }
  }
}

/// A knob: a value model that `turn` turns once.
struct Knob: ValueReducer {
  var turns = 0

  init() {}

  mutating func reduce(action: SwitchboardAction) {
    if case .turn = action { turns += 1 }
  }
}

/// A switchboard keeps its levels, knobs and bulbs in `InlineArray`s.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class Switchboard: Reducer {
  var levels: InlineArray<3, Int> = [1, 2, 3]
  var knobs: InlineArray<2, Knob> = [Knob(), Knob()]
  var bulbs: InlineArray<2, Bulb> = [Bulb("hall"), Bulb("porch")]

  init() {}

  func reduce(action: SwitchboardAction) {
    if case .turn = action { levels[1] += 10 }
  }
}

/// A locked ledger guards a bulb behind a `Mutex` and counts visits in an `Atomic`:
/// both `~Copyable`, so the store never enters them.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class LockedLedger: Reducer {
  var openings = 0
  let guarded = Mutex<[Bulb]>([Bulb("guard")])
  let visits = Atomic<Int>(0)

  init() {}

  func reduce(action: SwitchboardAction) {
    guard case .flip = action else { return }
    openings += 1
    visits.add(1, ordering: .relaxed)
  }
}

/// A spool's header: how many bulbs its tail holds, and how often it spun.
struct SpoolHeader {
  let count: Int
  var spins = 0
}

/// A spool of bulbs: a `ManagedBuffer` model, whose bulbs sit in its tail.
final class Spool: ManagedBuffer<SpoolHeader, Bulb>, Reducer {
  /// A spool holding `bulbs` in its tail.
  static func make(_ bulbs: [Bulb]) -> Spool {
    let buffer = Spool.create(minimumCapacity: bulbs.count) { _ in SpoolHeader(count: bulbs.count) }
    // `create` allocates an instance of the class it is called on.
    let spool = unsafeDowncast(buffer, to: Spool.self)
    spool.withUnsafeMutablePointerToElements { $0.initialize(from: bulbs, count: bulbs.count) }
    return spool
  }

  /// The bulbs in the tail, read through the buffer's own API.
  var bulbs: [Bulb] {
    withUnsafeMutablePointers { header, elements in
      Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
    }
  }

  func reduce(action: SwitchboardAction) {
    if case .turn = action { header.spins += 1 }
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }
}

/// A winder holds a spool.
final class Winder: Reducer {
  var spool: Spool

  init(_ spool: Spool) {
    self.spool = spool
  }

  func reduce(action: Never) {}
}

/// An outlet: a value model holding a bulb, which may rewire the board that holds the outlet.
struct Outlet: ValueReducer {
  var bulb: Bulb
  var turns = 0

  mutating func reduce(action: SwitchboardAction) {
    if case .turn = action { turns += 1 }
  }
}

/// A bulb that, when flipped, replaces every outlet of its board with new ones.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class RewiringBulb: Bulb {
  weak var board: Wiring?

  override func reduce(action: SwitchboardAction) {
    super.reduce(action: action)
    guard case .flip = action, let board, board.outlets[0].bulb === self else { return }
    board.outlets = [Outlet(bulb: Bulb("new hall")), Outlet(bulb: Bulb("new porch"))]
  }
}

/// A board whose outlets, value models, sit in an `InlineArray`.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class Wiring: Reducer {
  var outlets: InlineArray<2, Outlet>

  init() {
    let rewiring = RewiringBulb("hall")
    outlets = [Outlet(bulb: rewiring), Outlet(bulb: Bulb("porch"))]
    rewiring.board = self
  }

  func reduce(action: Never) {}
}

/// A struct whose one stored property has the type the test chooses at run
/// time: given the `Builtin.FixedArray` inside an `InlineArray`, it is a
/// struct holding a layout SwiftReduce cannot read outside its owner.
struct SealedBox<Contents> {
  var contents: Contents
}

/// A model holding a ``SealedBox`` of builtin storage, as `Any`.
final class Stockroom: Reducer {
  var box: Any

  init(box: Any) {
    self.box = box
  }

  func reduce(action: SwitchboardAction) {}
}

/// The `SealedBox` type of the `Builtin.FixedArray` that stores an
/// `InlineArray<2, Int>`, and a box holding `[7, 8]` in it.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
enum BuiltinBox {
  /// The storage type, read from the `InlineArray`'s one stored property.
  static var storageType: Any.Type {
    var storage: Any.Type = Void.self
    _ = _forEachField(of: InlineArray<2, Int>.self, options: []) { _, _, type, _ in
      storage = type
      return true
    }
    return storage
  }

  /// `SealedBox<Builtin.FixedArray<2, Int>>`.
  static var type: Any.Type {
    func box<Storage>(_: Storage.Type) -> Any.Type { SealedBox<Storage>.self }
    return _openExistential(storageType, do: box)
  }

  /// A box whose contents are the storage of `[7, 8]`: the same bytes,
  /// since a struct of one property is laid out as that property.
  static var value: Any {
    func box<Storage>(_: Storage.Type) -> Any {
      let elements: InlineArray<2, Int> = [7, 8]
      return unsafeBitCast(elements, to: SealedBox<Storage>.self)
    }
    return _openExistential(storageType, do: box)
  }
}
