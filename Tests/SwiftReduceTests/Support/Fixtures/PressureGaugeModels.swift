import SwiftReduce

// A gauge for the rule of what counts as a change: the same floating point
// values held in every kind of container a history compares.

/// A point with an `==` of its own, which finds `0.0` and `-0.0` equal.
struct PressurePoint: Equatable {
  var x = 0.0
  var y = 0.0
}

/// Changes to a ``PressureGauge``.
enum PressureGaugeAction: Action {
  /// Sets every reading to `-0.0`, which is `==` to the `0.0` each was.
  case negateZeros
  /// Moves the point's `x` and the pair's first reading by one.
  case nudge
}

/// Readings held alone, optional, in an array, in an `Equatable` struct and in a tuple.
final class PressureGauge: Reducer {
  var reading = 0.0
  var lastReading: Double? = 0.0
  var series: [Double] = [1.0, 0.0]
  var point = PressurePoint()
  var pair: (Double, Int) = (0.0, 1)

  func reduce(action: PressureGaugeAction) {
    switch action {
    case .negateZeros:
      reading = -0.0
      lastReading = -0.0
      series[1] = -0.0
      point.x = -0.0
      pair.0 = -0.0
    case .nudge:
      point.x += 1
      pair.0 += 1
    }
  }
}
