/// Where the models of a step's changes were when the step ended, fixed
/// before the tree next changed shape: what its patches' paths are made of.
///
/// A step's paths are the tree's right after it: until the tree changes
/// shape (a model moved, inserted or removed), they are found when read; the
/// recording fixes them from the shadow's copies just before it does.
final class StepPaths {
  /// The changes of the step.
  let log: ChangeLog

  /// The labels of the path of each model of the step that was in the tree,
  /// by identity; `nil` until fixed.
  var labels: [ObjectIdentifier: [String]]?

  init(_ log: ChangeLog) {
    self.log = log
  }
}
