/// A wrong result: the benchmark measured work that was not all done, or done twice.
struct CheckFailure: Error, CustomStringConvertible {
  let description: String
}

/// Throws a ``CheckFailure`` with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(CheckFailure) {
  if !condition { throw CheckFailure(description: message()) }
}
