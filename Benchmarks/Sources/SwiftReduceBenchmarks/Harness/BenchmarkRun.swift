/// What every case shares during one run: the mode, the sizes, the timer and the report.
@MainActor
final class BenchmarkRun {
  let quick: Bool
  let sizes: Sizes
  let measurement: Measurement
  var report: Report

  init(quick: Bool) {
    self.quick = quick
    self.sizes = quick ? .quick : .full
    self.measurement = Measurement(quick: quick)
    self.report = Report(judgesTargets: !quick)
  }

  /// Prints a progress line to standard error, keeping standard output for the report.
  func progress(_ line: String) {
    var standardError = StandardError()
    print(line, to: &standardError)
  }
}
