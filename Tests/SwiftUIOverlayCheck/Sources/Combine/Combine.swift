// A stand-in for Combine on Linux: the names of Combine's that SwiftReduce's names once repeated,
// with the signatures Apple's documentation gives (each cited), so that a file importing both
// modules shows there is no clash. It is only ever compiled.

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/combine/cancellable
/// `protocol Cancellable`
public protocol Cancellable {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/combine/cancellable/cancel()
  func cancel()
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/combine/subscribers
/// `enum Subscribers`
public enum Subscribers {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/combine/subscribers/demand
  /// `@frozen struct Demand`
  @frozen
  public struct Demand: Equatable, Hashable, Sendable {
    /// Declared as Apple documents it.
    ///
    /// https://developer.apple.com/documentation/combine/subscribers/demand/unlimited
    public static let unlimited = Demand(max: Int.max)

    /// Declared as Apple documents it.
    ///
    /// https://developer.apple.com/documentation/combine/subscribers/demand/max
    public let max: Int?

    private init(max: Int) { self.max = max }
  }
}

/// Declared as Apple documents it.
///
/// https://developer.apple.com/documentation/combine/subscription
/// `protocol Subscription : Cancellable, CustomCombineIdentifierConvertible` (the identifier is
/// left out: no use here names it)
public protocol Subscription: Cancellable {
  /// Declared as Apple documents it.
  ///
  /// https://developer.apple.com/documentation/combine/subscription/request(_:)
  /// `func request(_ demand: Subscribers.Demand)`
  func request(_ demand: Subscribers.Demand)
}
