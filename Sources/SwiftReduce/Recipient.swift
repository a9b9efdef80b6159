/// A model that an action would be delivered to, and where it sits in the tree.
///
/// ``Store/recipients(of:)`` lists them in delivery order.
public struct Recipient {
  /// Where the model sits, written like a key path from the root:
  /// `\.favoriteMovies`, `\.shelves[2]`, `\.byName["ada"]`, `\.self` for the root.
  public let path: String

  /// The model.
  public let model: any Reducer
}

extension Recipient: CustomStringConvertible {
  /// The path and the model's type: `\.favoriteMovies: FavoriteMovies`.
  public var description: String {
    "\(path): \(type(of: model))"
  }
}
