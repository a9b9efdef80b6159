extension TestStore {
  /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, then sets it back.
  ///
  /// Actions dispatched in a scope with exhaustivity off and not received
  /// there are dropped when it ends: nothing after it has to receive them.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.send(CinemaAction.sell("Alien"))  // the sale and its audit: not checked
  /// }
  /// store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }  // checked again
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How much the sends and receives in `body` must assert.
  ///   - body: The part of the test it holds for.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, _ body: () throws -> Result
  ) rethrows -> Result {
    let outer = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { leaveScope(of: exhaustivity, to: outer) }
    return try body()
  }

  /// Runs the asynchronous `body` with ``exhaustivity`` set to `exhaustivity`,
  /// then sets it back.
  ///
  /// - Parameters:
  ///   - exhaustivity: How much the sends and receives in `body` must assert.
  ///   - body: The part of the test it holds for.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let outer = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { leaveScope(of: exhaustivity, to: outer) }
    return try await body()
  }

  private func leaveScope(of exhaustivity: Exhaustivity, to outer: Exhaustivity) {
    if exhaustivity == .off { dropUnreceivedActions() }
    self.exhaustivity = outer
  }
}
