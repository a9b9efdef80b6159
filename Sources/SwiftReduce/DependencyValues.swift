/// The values of dependencies, by key: what a store gives the models and effects that read them.
///
/// A store's values are made once, at its creation: a dependency set there
/// is the store's for its whole life, and one nobody set has its key's value
/// for the ``context``, live by default.
///
/// ```swift
/// var values = DependencyValues()
/// values[GreeterKey.self] = Greeter { "Hey \($0)" }
/// print(values.greeter.greet("Ada"))
/// print(DependencyValues(context: .test).greeter.greet("Ada"))
/// ```
///
/// prints
///
/// ```
/// Hey Ada
/// Hello, Ada!
/// ```
///
/// Models and effects read them with ``Dependency``. Values made on their
/// own, outside a store, read as above: the value set, else the key's value
/// for their context, and a key without a test value gives its live value,
/// failing no test.
public struct DependencyValues: Sendable {
  /// Which value a dependency nobody set has; ``DependencyContext/live`` by default.
  public var context: DependencyContext

  /// The values set, by the identity of their key type.
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// How a read made through ``Dependency`` finds what the values do not set,
  /// and whom it tells of a dependency the test did not provide; `nil` for
  /// values made on their own.
  var reading: DependencyReading?

  /// Creates values that set no dependency.
  ///
  /// - Parameter context: Which value a dependency nobody set has.
  public init(context: DependencyContext = .live) {
    self.context = context
  }

  /// The value of the dependency `key` names: the one set, else the key's value for ``context``.
  ///
  /// - Parameter key: The type that names the dependency.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      // A subtree's value, where a dispatch's read finds one, wins over the store's.
      if let value = reading?.subtreeValue(of: key) { return value }
      if let value = values[ObjectIdentifier(key)] as? Key.Value { return value }
      guard let reading else { return Self.value(of: key, in: context) }
      return reading.read(key, context: context)
    }
    set {
      values[ObjectIdentifier(key)] = newValue
    }
  }

  // MARK: - Reading

  /// The value of the dependency `Key` names, for a key path to it.
  subscript<Key: DependencyKey>(identity: KeyIdentity<Key>) -> Key.Value {
    self[Key.self]
  }

  /// The value set for `key`, if one is.
  func value<Key: DependencyKey>(setFor key: Key.Type) -> Key.Value? {
    values[ObjectIdentifier(key)] as? Key.Value
  }

  /// Whether any value is set.
  var isEmpty: Bool { values.isEmpty }

  /// These values, with each value `other` sets set to it.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.values.merge(other.values) { _, new in new }
    return merged
  }

  /// The value `key` gives in `context` when nobody set one.
  static func value<Key: DependencyKey>(of key: Key.Type, in context: DependencyContext)
    -> Key.Value
  {
    switch context {
    case .live: Key.liveValue
    case .preview: Key.previewValue
    case .test: Key.testValue
    }
  }
}

/// A key type as a key path's index, which must be `Hashable`: a metatype is not.
struct KeyIdentity<Key: DependencyKey>: Hashable, Sendable {}
