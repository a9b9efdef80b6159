/// The result of measuring one piece of work.
struct Timing {
  /// The median, over the rounds, of the time one iteration took.
  let nanosecondsPerIteration: Double
  /// How many iterations ran in all, calibration included, to check counts against.
  let iterations: Int
  /// How many timed rounds the median was taken over.
  let rounds: Int
}
