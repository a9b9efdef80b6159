/// A value model a collecting walk found: a copy of it, and where it sits.
struct ReachedValue {
  /// How many class models were found before it.
  let position: Int
  /// The class model whose property holds it.
  let owner: AnyObject
  /// The last step of its path from the owner, in the walk's steps.
  let path: Int
  let value: Any
}
