/// One row group of the table: builds its fixture, measures, checks counts, reports.
@MainActor
protocol BenchmarkCase {
  /// The case's name in the table, such as `"broadcast"`.
  var name: String { get }

  /// Measures the case, adding its figures to `run.report`.
  ///
  /// - Throws: ``CheckFailure`` when a count shows the work was not done exactly.
  func run(in run: BenchmarkRun) async throws(CheckFailure)
}
