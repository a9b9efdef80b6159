/// One step of a value model's path from the class model that holds it.
enum PathStep {
  /// The stored property at `offset` in a value or instance of type `in`,
  /// looking through inline structs and tuples.
  case field(in: Any.Type, offset: Int)
  case index(Int)
  case key(Any)
}
