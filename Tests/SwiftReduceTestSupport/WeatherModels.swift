import SwiftReduce

// A weather station: values whose text does not tell them apart. A `Temperature`
// prints rounded to whole degrees, so 20.0 and 20.4 both print `20°`; `==` tells
// them apart. Each action changes one value by less than its text shows.

/// A temperature that prints rounded to whole degrees: 20.4 prints `20°`, like 20.0.
package struct Temperature: Equatable, Sendable, CustomStringConvertible {
  package var celsius: Double

  package init(celsius: Double) {
    self.celsius = celsius
  }

  package var description: String {
    celsius.isNaN ? "?°" : "\(Int(celsius.rounded()))°"
  }
}

/// A reading that is not `Equatable`, holding an `Equatable` temperature; shown
/// property by property, since it has no description of its own.
package struct Reading: Sendable {
  package var place: String
  package var temperature: Temperature

  package init(place: String, temperature: Temperature) {
    self.place = place
    self.temperature = temperature
  }
}

/// A forecast: an `Equatable` enum with a payload, printed by its rounded temperature.
package enum Forecast: Equatable, Sendable, CustomStringConvertible {
  case mild(Temperature)
  case storm(gusts: Double)

  package var description: String {
    switch self {
    case let .mild(temperature): "mild, \(temperature)"
    case let .storm(gusts): "storm, \(Int(gusts.rounded())) m/s"
    }
  }
}

/// A rainfall total with the hour it was counted.
///
/// Two are equal when their totals are, whatever the hour. Shown property by property.
package struct Rainfall: Equatable, Sendable {
  package var millimetres: Int
  package var countedAt: Int

  package init(millimetres: Int, countedAt: Int) {
    self.millimetres = millimetres
    self.countedAt = countedAt
  }

  package static func == (lhs: Rainfall, rhs: Rainfall) -> Bool {
    lhs.millimetres == rhs.millimetres
  }
}

/// The actions of the weather station.
package enum WeatherAction: Action, Equatable {
  /// Warms the station's temperature by a fraction of a degree.
  case warm(by: Double)
  /// Warms the garden reading, inside a value that is not `Equatable`.
  case warmGarden(by: Double)
  /// Warms the last temperature of the history, inside an array.
  case warmHistory(by: Double)
  /// Warms the mild forecast's temperature, inside an enum's payload.
  case warmForecast(by: Double)
  /// Turns the setting of the value model.
  case turnDial(by: Double)
  /// Sets the humidity, a plain `Double`.
  case setHumidity(Double)
  /// Changes nothing.
  case wait
}

/// An `Equatable` value model: compared by what it holds, its temperature by `==`.
package struct Thermostat: ValueReducer, Equatable, Sendable {
  package var setting = Temperature(celsius: 21)

  package init() {}

  package mutating func reduce(action: WeatherAction) {
    if case let .turnDial(degrees) = action { setting.celsius += degrees }
  }
}

/// The root of the weather station.
package final class WeatherStation: Reducer {
  package var name = "Roof"
  package var temperature = Temperature(celsius: 20)
  package var garden = Reading(place: "Garden", temperature: Temperature(celsius: 18))
  package var history = [Temperature(celsius: 17), Temperature(celsius: 19)]
  package var forecast = Forecast.mild(Temperature(celsius: 22))
  package var humidity = 0.5
  package var rainfall = Rainfall(millimetres: 3, countedAt: 6)
  package var thermostat = Thermostat()

  package init() {}

  package func reduce(action: WeatherAction) {
    switch action {
    case let .warm(degrees): temperature.celsius += degrees
    case let .warmGarden(degrees): garden.temperature.celsius += degrees
    case let .warmHistory(degrees): history[history.count - 1].celsius += degrees
    case let .warmForecast(degrees):
      if case let .mild(temperature) = forecast {
        forecast = .mild(Temperature(celsius: temperature.celsius + degrees))
      }
    case let .setHumidity(humidity): self.humidity = humidity
    case .turnDial, .wait: break
    }
  }
}

extension WeatherStation {
  /// The difference warming a new station's last reading by 0.1° makes, as every tool shows
  /// it: the reading prints alike before and after, so the field that differs is shown too.
  package static let lastReadingWarmedByATenth = """
    history[1]
      - 19°
      + 19°
      (these print alike but are not equal; they differ in:)
      celsius
        - 19.0
        + 19.1
    """
}
