extension Walk {
  /// What one walk found.
  struct Result {
    var deliveries = 0
    var reached: [AnyObject] = []
    var reachedValues: [ReachedValue] = []
    var pathSteps: [(parent: Int, step: PathStep)] = []
    var falseDeclaration: FalseDeclaration?
    var notInPlace: [(model: Any.Type, container: Any.Type)] = []
    var indistinct: [IndistinctElements] = []
  }
}
