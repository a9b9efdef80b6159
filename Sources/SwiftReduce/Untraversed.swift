/// A property wrapper that hides a stored property from action routing.
///
/// The ``Store`` never looks inside an `@Untraversed` property, so the models
/// it holds receive no actions through it, and large plain data behind it
/// costs nothing during a dispatch. Use it for big caches, or for links into
/// another tree of models that has its own store.
///
/// ```swift
/// final class Library: Reducer {
///   var shelves: [Shelf] = []            // reached by dispatch
///   @Untraversed var catalog = Catalog() // never reached
/// }
/// ```
@propertyWrapper
public struct Untraversed<Value> {
  /// The hidden value.
  public var wrappedValue: Value

  /// Wraps a value so that action routing skips it.
  ///
  /// - Parameter wrappedValue: The value to hide from the traversal.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Untraversed: Sendable where Value: Sendable {}

extension Untraversed: UntraversedStorage {}

/// Marks the storage of `@Untraversed` properties, which the traversal skips.
protocol UntraversedStorage {}
