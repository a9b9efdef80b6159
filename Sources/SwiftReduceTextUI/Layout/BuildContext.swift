/// Collects the controls of one screen while its views are turned into nodes.
@MainActor
final class BuildContext {
  /// The controls found so far, in reading order; control N is `controls[N - 1]`.
  private(set) var controls: [Control] = []

  /// The submit handlers of the `onSubmit` modifiers around the view being built.
  var submitHandlers: [Handler] = []

  /// Registers a control and returns its number.
  func register(_ kind: Control.Kind) -> Int {
    controls.append(Control(kind: kind, environment: EnvironmentStack.objects))
    return controls.count
  }

  /// Replaces the summary shown by `help` for control `number`.
  func describeRow(_ number: Int, as summary: String) {
    guard case .row(let handler, _) = controls[number - 1].kind else { return }
    controls[number - 1].kind = .row(handler, summary: summary)
  }
}
