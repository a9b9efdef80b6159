// The run-time check of the key-path reader: every fact ``KeyPathLayout``
// relies on, tried on key paths formed here before any key path is read.

extension KeyPathLayout {
  /// Whether key paths formed here read back what the standard library projects.
  ///
  /// Checked on every platform: where an `Array` may be a bridged `NSArray`,
  /// its count and elements are read through its own API instead of its storage.
  static let isUnderstood: Bool = checkLayout()

  private static func checkLayout() -> Bool {
    guard knownSubscripts.count == 4 else { return false }
    let probe = KeyPathProbe()
    let short = KeyPathProbe(depth: 0)
    func layout(_ keyPath: AnyKeyPath, _ valueType: Any.Type) -> KeyPathLayout? {
      KeyPathLayout(parsing: keyPath, valueType: valueType, subscripts: knownSubscripts)
    }
    func reads<Value: Equatable>(_ keyPath: KeyPath<KeyPathProbe, Value>) -> Bool {
      guard let layout = layout(keyPath, Value.self), layout.endsAtValue else { return false }
      switch withExtendedLifetime(probe, { layout.target(from: probe) }) {
      case let .value(address):
        return address.assumingMemoryBound(to: Value.self).pointee == probe[keyPath: keyPath]
      case .applies:
        // A value in an array element read through its API is a copy's: projected instead.
        return layout.readsAnArrayThroughItsAPI
      case .noLongerApplies:
        return false
      }
    }
    func applies<Value>(_ keyPath: KeyPath<KeyPathProbe, Value>, steps: Int) -> Bool {
      guard let layout = layout(keyPath, Value.self), layout.steps.count == steps,
        case .applies = withExtendedLifetime(probe, { layout.target(from: probe) })
      else { return false }
      return true
    }
    func isGone<Value>(_ keyPath: KeyPath<KeyPathProbe, Value>) -> Bool {
      guard let layout = layout(keyPath, Value.self),
        case .noLongerApplies = withExtendedLifetime(short, { layout.target(from: short) })
      else { return false }
      return true
    }
    return reads(\.number) && reads(\.pair.1) && reads(\.inner.word) && reads(\.numbers[1])
      && reads(\.contiguous[2]) && reads(\.children[1].number) && reads(\.inner.names[0])
      && reads(\.child!.number) && reads(\.inner.maybe!) && reads(\.children[1].constant)
      && applies(\.child?.number, steps: 3) && applies(\.missing?.number, steps: 3)
      && applies(\.doubled, steps: 0) && applies(\.children[0].doubled, steps: 2)
      && isGone(\.children[1].number) && isGone(\.child!.number) && isGone(\.inner.maybe!)
      && isGone(\.contiguous[2]) && applies(\.doubledNumbers[0], steps: 0)
      && isGone(\.children[1].doubled)
  }
}

/// The class the key-path reader is checked against before it is used.
private final class KeyPathProbe {
  struct Inner {
    var flag = true
    var word = "probe"
    var names = ["first", "second"]
    var maybe: Int? = 5
  }

  var number = 41
  let constant = 3
  var pair = (7, 3.5)
  var inner = Inner()
  var numbers = [10, 20, 30]
  var contiguous: ContiguousArray<Int8> = [1, 2, 3]
  var children: [KeyPathProbe] = []
  var child: KeyPathProbe?
  var missing: KeyPathProbe?
  var doubled: Int { number * 2 }
  var doubledNumbers: [Int] { numbers.map { $0 * 2 } }

  /// A probe of depth 1 has children and a child; one of depth 0 has none,
  /// and shorter arrays, so that paths through them no longer apply.
  init(depth: Int = 1) {
    if depth > 0 {
      children = [KeyPathProbe(depth: 0), KeyPathProbe(depth: 0)]
      child = KeyPathProbe(depth: 0)
    } else {
      contiguous = [1]
      inner.maybe = nil
    }
    children.last?.number = 99
    child?.number = 7
  }
}

/// Whether key paths are checked and read by their layout here; visible to
/// the package's tests, which pin it.
package enum KeyPathReading {
  /// `true` where the layout checks passed, on every platform the package
  /// builds for.
  package static var isActive: Bool { KeyPathLayout.isUnderstood }

  /// Whether an `Array` on a key path is read through its own API, where it
  /// may be backed by an `NSArray` (and on the portable paths), rather than
  /// by its storage.
  package static var readsArraysThroughTheirAPI: Bool {
    KeyPathLayout(of: \KeyPathProbe.numbers[0], valueType: Int.self)?.readsAnArrayThroughItsAPI
      ?? false
  }

  /// Whether `Dictionary`'s subscript by key is recognised on key paths and
  /// its key read, to name a targeted action's path.
  package static var readsDictionaryKeys: Bool { KeyPathLayout.dictionarySubscript != nil }
}
