import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// `TestStore` compares `Equatable` values by `==`: a wrong expectation on a value that prints
/// like the right one fails, showing what differs; a NaN that did not change passes.
@MainActor
struct TestStoreEquatableTests {
  @Test(arguments: [Exhaustivity.on, .off])
  func aWrongExpectationOnAValueThatPrintsAlikeFails(exhaustivity: Exhaustivity) {
    let store = TestStore(WeatherStation())
    store.exhaustivity = exhaustivity
    expectIssues([
      """
      State after WeatherAction.warm(by: 0.4) is not as expected (- expected, + actual):
      temperature
        - 20°
        + 20°
        (these print alike but are not equal; they differ in:)
        celsius
          - 20.25
          + 20.4
      """
    ]) {
      store.send(WeatherAction.warm(by: 0.4)) { $0.temperature.celsius += 0.25 }
    }
  }

  @Test func aRightExpectationOnAValueThatPrintsAlikePasses() {
    let store = TestStore(WeatherStation())
    store.send(WeatherAction.warm(by: 0.4)) { $0.temperature.celsius += 0.4 }
    store.send(WeatherAction.warmGarden(by: 0.25)) { $0.garden.temperature.celsius += 0.25 }
    store.send(WeatherAction.warmHistory(by: 0.1)) { $0.history[1].celsius += 0.1 }
  }

  @Test func aChangeThatPrintsAlikeLeftUnassertedFails() {
    let store = TestStore(WeatherStation())
    expectIssues([
      "State after WeatherAction.warmHistory(by: 0.1) is not as expected (- expected, + actual):\n"
        + WeatherStation.lastReadingWarmedByATenth
    ]) {
      store.send(WeatherAction.warmHistory(by: 0.1))
    }
  }

  @Test func aWrongExpectationOnAValueModelsValueThatPrintsAlikeFails() {
    let store = TestStore(WeatherStation())
    expectIssues([
      """
      State after WeatherAction.turnDial(by: 0.25) is not as expected (- expected, + actual):
      thermostat.setting
        - 21°
        + 21°
        (these print alike but are not equal; they differ in:)
        celsius
          - 21.0
          + 21.25
      """
    ]) {
      store.send(WeatherAction.turnDial(by: 0.25))
    }
    store.send(WeatherAction.turnDial(by: 0.25)) { $0.thermostat.setting.celsius = 21.5 }
  }

  @Test func aNaNThatDidNotChangePassesEverySend() {
    let store = TestStore(WeatherStation())
    store.send(WeatherAction.setHumidity(.nan)) { $0.humidity = .nan }
    store.send(WeatherAction.wait)
    store.send(WeatherAction.setHumidity(-.nan))
    store.send(WeatherAction.warm(by: 1)) { $0.temperature.celsius = 21 }
  }

  @Test func aNaNInsideAnEquatableValueThatDidNotChangePasses() {
    let station = WeatherStation()
    station.temperature = Temperature(celsius: .nan)
    let store = TestStore(station)
    store.send(WeatherAction.wait)
    store.send(WeatherAction.warm(by: 1))
  }

  @Test func equalValuesThatPrintDifferentlyPass() {
    let station = WeatherStation()
    station.humidity = 0.0
    let store = TestStore(station)
    store.send(WeatherAction.setHumidity(-0.0))
  }
}
