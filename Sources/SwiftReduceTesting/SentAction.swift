/// The effects one ``TestStore/send(_:assert:fileID:filePath:line:column:)``
/// started, to wait for or cancel on their own.
///
/// ```swift
/// let load = store.send(CinemaAction.requestPoster)
/// await load.finish()
/// await store.receive(CinemaAction.posterLoaded("Alien")) { $0.poster = "Alien" }
/// store.send(CinemaAction.wait).cancel()
/// await store.finish()
/// ```
@MainActor
public struct SentAction {
  /// The keys of the effects the send started.
  let effects: Set<Int>
  /// Where to wait and cancel: a type-erased test store.
  private let finishEffects: (Set<Int>, Duration, CallSite) async -> Void
  private let cancelEffects: (Set<Int>) -> Void

  init<Root>(effects: Set<Int>, testStore: TestStore<Root>) {
    self.effects = effects
    finishEffects = { [weak testStore] keys, timeout, site in
      await testStore?.waitForEffects(keys, timeout: timeout, site)
    }
    cancelEffects = { [weak testStore] keys in testStore?.cancelEffects(keys) }
  }

  /// Waits until the effects the send started have ended or were cancelled.
  ///
  /// It waits like ``TestStore/finish(timeout:fileID:filePath:line:column:)``,
  /// and fails the same way, naming only these effects, but checks nothing
  /// else: the actions they dispatched wait to be received.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait at most while one of them is awake;
  ///     thirty seconds by default.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await finishEffects(
      effects, timeout, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Cancels the effects the send started that are still running, as
  /// `Effect.cancel(id:)` would: each one's task, and every action it sends from now on.
  public func cancel() {
    cancelEffects(effects)
  }
}
