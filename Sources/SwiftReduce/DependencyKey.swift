/// A dependency: the type that names it, and the values it has where nobody set one.
///
/// Declare a dependency once, as a type conforming to this protocol, with the
/// value an app uses (``liveValue``), the value a test store uses unless the
/// test sets another (``testValue``), and, where it differs from the live one,
/// the value previews use (``previewValue``). A property on
/// ``DependencyValues`` gives it a name models read it by:
///
/// ```swift
/// struct Greeter: Sendable {
///   var greet: @Sendable (String) -> String
/// }
///
/// enum GreeterKey: DependencyKey {
///   static let liveValue = Greeter { "Hello, \($0)!" }
///   static let previewValue = Greeter { "Hello from the preview, \($0)!" }
/// }
///
/// extension DependencyValues {
///   var greeter: Greeter {
///     get { self[GreeterKey.self] }
///     set { self[GreeterKey.self] = newValue }
///   }
/// }
///
/// print(DependencyValues()[GreeterKey.self].greet("Ada"))
/// print(DependencyValues(context: .preview).greeter.greet("Ada"))
/// ```
///
/// prints
///
/// ```
/// Hello, Ada!
/// Hello from the preview, Ada!
/// ```
///
/// A key that declares no `testValue` has none: a test store reading it
/// fails the test, naming the dependency, the action or effect that read it
/// and the path of the model, and the read gets the live value so the test can
/// go on. The values are read from the key at each read: a value that holds
/// state, such as a generator that counts, is shared by every store that does
/// not set its own, so set one at the store's creation instead.
public protocol DependencyKey {
  /// The type of the dependency's value.
  associatedtype Value: Sendable

  /// The value a ``Store`` gives its models and effects unless it is told otherwise.
  static var liveValue: Value { get }

  /// The value a test store gives unless the test sets one.
  ///
  /// Left out, the dependency has no test value: a test store reading it
  /// fails the test, and the read gets ``liveValue``.
  static var testValue: Value { get }

  /// The value a store made for a preview gives, with ``DependencyContext/preview``;
  /// ``liveValue`` unless the key declares one.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// No test value: a test store reading the dependency fails the test, and
  /// the read gets ``liveValue``.
  public static var testValue: Value {
    failingTestValue(liveValue)
  }

  /// A test value that fails the test reading it, as a missing one does, and
  /// gives `fallback` rather than the live value.
  ///
  /// Declare it for a dependency whose live value a test must never reach,
  /// such as a client that would go to the network:
  ///
  /// ```swift
  /// enum PostmarkKey: DependencyKey {
  ///   static let liveValue = "stamped by the post office"
  ///   static var testValue: String { failingTestValue("not stamped") }
  /// }
  /// ```
  ///
  /// A test store reading it fails the test, naming it as for a key without
  /// a test value, and the read gets `"not stamped"`. Read outside a test
  /// store, it is `fallback`, failing nothing.
  ///
  /// - Parameter fallback: What the read gets.
  /// - Returns: `fallback`.
  public static func failingTestValue(_ fallback: Value) -> Value {
    UnprovidedRead.note()
    return fallback
  }

  /// The live value: previews use what the app uses unless the key says otherwise.
  public static var previewValue: Value {
    liveValue
  }
}
