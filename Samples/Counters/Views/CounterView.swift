import SwiftReduceTextUI

/// One counter on a line: its number, count and step, and its goal if it has one.
struct CounterView: View {
  let counter: Counter

  var body: some View {
    HStack {
      Text("#\(counter.number)")
      Text("count \(counter.count)")
      Text("step \(counter.step.size)")
      if let goal = counter.goal {
        Text("goal \(goal.target): \(Self.progress(count: counter.count, goal: goal))")
      }
    }
  }

  /// How far the count is from the goal: "4 to go", or "reached".
  static func progress(count: Int, goal: Goal) -> String {
    guard count < goal.target else { return "reached" }
    let (left, overflow) = goal.target.subtractingReportingOverflow(count)
    return overflow ? "far to go" : "\(left) to go"
  }
}
