import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// `TreeDifference` and `printingChanges` compare `Equatable` values by `==`, not by their text.
@MainActor
struct EquatableComparisonTests {
  @Test func aDifferenceHiddenByARoundingDescriptionIsFound() {
    let station = WeatherStation()
    let before = TreeSnapshot(station)
    station.temperature.celsius += 0.4
    let difference = TreeSnapshot(station).difference(from: before)
    #expect(
      difference.changes == [
        .init(
          path: "temperature", old: "20°", new: "20°",
          propertyChanges: [.init(path: "celsius", old: "20.0", new: "20.4")])
      ])
    #expect(difference.changes.map(\.printsAlike) == [true])
  }

  @Test func unequalValuesThatPrintAlikeAreShownByTheirFields() {
    // The example of the Debugging article.
    expectDifference(
      after: { station in
        station.temperature.celsius += 0.4
      },
      """
      temperature
        - 20°
        + 20°
        (these print alike but are not equal; they differ in:)
        celsius
          - 20.0
          + 20.4
      """)
  }

  @Test func aValueThatPrintsDifferentlyIsShownByItsTextAlone() {
    expectDifference(
      after: { station in
        station.temperature.celsius += 1
      },
      """
      temperature
        - 20°
        + 21°
      """)
  }

  @Test func equalValuesThatPrintDifferentlyAreNoChange() {
    let station = WeatherStation()
    station.humidity = 0.0
    let before = TreeSnapshot(station)
    station.humidity = -0.0
    let after = TreeSnapshot(station)
    #expect(after.description != before.description)
    #expect(after.difference(from: before).isEmpty)
    #expect(after == before)
  }

  @Test func anEquatableValuesOwnEqualityDecidesOverWhatItsPropertiesShow() {
    let station = WeatherStation()
    let before = TreeSnapshot(station)
    station.rainfall.countedAt = 7
    #expect(TreeSnapshot(station).difference(from: before).isEmpty)
    station.rainfall.millimetres = 4
    expectText(
      TreeSnapshot(station).difference(from: before).description,
      """
      rainfall.millimetres
        - 3
        + 4
      rainfall.countedAt
        - 6
        + 7
      """)
  }

  @Test func aNaNThatDidNotChangeIsNoChange() {
    let station = WeatherStation()
    station.humidity = .nan
    station.temperature = Temperature(celsius: .nan)
    let before = TreeSnapshot(station)
    station.humidity = -Double.nan
    station.temperature = Temperature(celsius: 0 / .zero)
    let after = TreeSnapshot(station)
    #expect(after.difference(from: before).isEmpty)
    #expect(TreeSnapshot(station) == after)
  }

  @Test func aNaNThatBecomesANumberIsAChange() {
    let station = WeatherStation()
    station.humidity = .nan
    let before = TreeSnapshot(station)
    station.humidity = 0.5
    expectText(
      TreeSnapshot(station).difference(from: before).description,
      """
      humidity
        - nan
        + 0.5
      """)
  }

  @Test func anEquatableValueInsideOneThatIsNotIsComparedByEquality() {
    expectDifference(
      after: { station in
        station.garden.temperature.celsius += 0.25
      },
      """
      garden.temperature
        - 18°
        + 18°
        (these print alike but are not equal; they differ in:)
        celsius
          - 18.0
          + 18.25
      """)
  }

  @Test func aCollectionOfEquatableValuesIsComparedElementByElement() {
    expectDifference(
      after: { station in
        station.history[1].celsius += 0.1
      },
      WeatherStation.lastReadingWarmedByATenth)
  }

  @Test func anEnumPayloadThatPrintsAlikeIsShownByItsCase() {
    expectDifference(
      after: { station in
        station.forecast = .mild(Temperature(celsius: 22.25))
      },
      """
      forecast
        - mild, 22°
        + mild, 22°
        (these print alike but are not equal; they differ in:)
        .mild
          - 22°
          + 22°
          (these print alike but are not equal; they differ in:)
          celsius
            - 22.0
            + 22.25
      """)
  }

  @Test func anEquatableValueModelIsComparedByWhatItHolds() {
    let station = WeatherStation()
    let store = Store(station)
    let before = TreeSnapshot(station)
    store.dispatch(WeatherAction.turnDial(by: 0.5))
    expectText(
      TreeSnapshot(station).difference(from: before).description,
      """
      thermostat.setting
        - 21°
        + 22°
      """)
    let turned = TreeSnapshot(station)
    store.dispatch(WeatherAction.turnDial(by: 0.25))
    expectText(
      TreeSnapshot(station).difference(from: turned).description,
      """
      thermostat.setting
        - 22°
        + 22°
        (these print alike but are not equal; they differ in:)
        celsius
          - 21.5
          + 21.75
      """)
  }

  @Test func snapshotsOfValuesThatPrintAlikeAreNotEqual() {
    let station = WeatherStation()
    let before = TreeSnapshot(station)
    station.temperature.celsius += 0.4
    let after = TreeSnapshot(station)
    #expect(after.description == before.description)
    #expect(after != before)
  }

  @Test func printingChangesShowsUnequalValuesThatPrintAlikeByTheirFields() {
    var lines: [String] = []
    let store = Store(WeatherStation(), middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(WeatherAction.warm(by: 0.4))
    expectLines(
      lines,
      """
      WeatherAction.warm(by: 0.4)
        temperature
          - 20°
          + 20°
          (these print alike but are not equal; they differ in:)
          celsius
            - 20.0
            + 20.4
      """)
  }

  @Test func printingChangesSaysANaNThatDidNotChangeChangedNothing() {
    var lines: [String] = []
    let store = Store(WeatherStation(), middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(WeatherAction.setHumidity(.nan))
    store.dispatch(WeatherAction.setHumidity(.nan))
    expectLines(
      lines,
      """
      WeatherAction.setHumidity(nan)
        humidity
          - 0.5
          + nan
      WeatherAction.setHumidity(nan)
        (no changes)
      """)
  }

  // MARK: - Helpers

  /// Expects the difference that `change`, made to a new station, shows against the station before it.
  private func expectDifference(
    after change: (WeatherStation) -> Void, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let station = WeatherStation()
    let before = TreeSnapshot(station)
    change(station)
    expectText(
      TreeSnapshot(station).difference(from: before).description, expected,
      sourceLocation: sourceLocation)
  }
}
