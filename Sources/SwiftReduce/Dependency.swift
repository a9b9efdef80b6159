/// Reads a dependency where a model or an effect uses it: the value its store gives.
///
/// Declare it as a local or a stored property; each read of it asks for the
/// value anew, of the store whose dispatch is in progress (during a model's
/// `reduce(action:)`, a middleware or a subscriber, on the main actor) or of
/// the store that started the effect running (in an effect, and in the tasks
/// it creates). Anywhere else it reads the live value.
///
/// ```swift
/// final class Welcome: Reducer {
///   var text = ""
///   @Dependency(\.greeter) var greeter
///
///   func reduce(action: WelcomeAction) {
///     switch action {
///     case .greet(let name): text = greeter.greet(name)
///     }
///   }
/// }
///
/// let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
/// store.dispatch(WelcomeAction.greet("Ada"))
/// print(store.text)
/// print(Welcome().greeter.greet("Ada"))
/// ```
///
/// prints
///
/// ```
/// Hey Ada
/// Hello, Ada!
/// ```
///
/// A model's stored `@Dependency` holds no value, only how to read one:
/// the store never walks into it, snapshots and copies leave it alone, and a
/// model moved to another store reads that store's values. In an
/// `@Observable` model, mark it `@ObservationIgnored`: it has nothing to
/// observe, and the macro takes no property wrapper.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  /// The value, in the values of the store that is reading.
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency a property of ``DependencyValues`` names.
  ///
  /// - Parameter keyPath: The property, such as `\.clock`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// Reads the dependency `key` names.
  ///
  /// - Parameter key: The key's type.
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    keyPath = \DependencyValues.[KeyIdentity<Key>()]
  }

  /// The dependency's value for the code reading it now.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}

extension Dependency: UntraversedStorage {}
