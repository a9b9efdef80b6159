import SwiftReduce

/// A store for tests that checks every change each action makes to a tree of models.
///
/// Send an action with ``send(_:assert:fileID:filePath:line:column:)`` and describe, in a
/// closure, how the state should change: the closure receives a copy of the
/// tree as it was before the action and changes it into the state you expect.
/// The test store dispatches the action to the real tree, compares the two
/// trees value by value (an `Equatable` value that holds no model by `==`,
/// so two values that print alike are still told apart), and records one
/// test issue listing every value that differs, with its path from the root:
///
/// ```swift
/// @MainActor @Test func submittingAMovieCountsIt() {
///   let store = TestStore(Person())
///   store.send(UpdateMovies.setInput("Alien")) {
///     $0.favoriteMovies.input = "Alien"
///   }
///   store.send(UpdateMovies.submit) {
///     $0.favoriteMovies.input = ""
///     $0.favoriteMovies.movies["Alien"] = 2
///   }
/// }
/// ```
///
/// fails with
///
/// ```
/// State after UpdateMovies.submit is not as expected (- expected, + actual):
/// favoriteMovies.movies["Alien"]
///   - 2
///   + 1
/// ```
///
/// A change the closure does not describe fails the same way, and an action
/// that changes nothing needs no closure. Actions dispatched by middleware,
/// subscribers or effects started with `Effect.run` or `Store.run` are queued: assert
/// each with ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Received,_,_,_,_,_,_)``, and call
/// ``finish(timeout:fileID:filePath:line:column:)`` at the end of the test to check that
/// no effect is still running and no action is left. Set ``exhaustivity``
/// to ``Exhaustivity/off`` to check only what the test asserts.
///
/// The copy handed to the closure is deep over models and keeps the tree's
/// shape: a model shared by two paths is one copy shared by both, `weak` and
/// `unowned` references point at copies, and cycles are copied as cycles.
/// Objects that are not models, and actors, are shared with the real tree.
/// The real tree is never touched by the closure.
///
/// Every copy a test store makes lives until the test store is released,
/// so that a model's `deinit` never runs on a copy while the test runs: a
/// copied model shares the real model's objects that are not models, and a
/// `deinit` that cancels a shared `StoreSubscription`, say, would stop the real
/// one. A test store therefore holds one copy of the tree for each action
/// it dispatches.
@MainActor
public final class TestStore<Root: Reducer> {
  /// The store that owns the real tree; subscribe to it like to any store.
  ///
  /// An action dispatched on it directly, rather than with `send`, is queued
  /// like an action dispatched by an effect and must be received.
  public let store: Store<Root>

  /// Whether every change and every dispatched action must be asserted; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on

  private let recorder: ActionRecorder<Root>

  /// The effects `finish()` reported as still running, not to report again at release.
  private var reportedEffects: Set<Int> = []

  /// Where the test created the test store: failures found when it is
  /// released, and errors its effects throw, point there.
  private let site: CallSite

  /// Reads of dependencies the test did not provide, not reported yet: a
  /// read may happen on any thread, and the failure names the reader as the
  /// store sees it once the read's dispatch or step is over.
  private let unprovidedReads = Locked<[UnprovidedDependency]>([])

  /// The dependencies whose first unprovided read was reported.
  private var reportedDependencies: Set<String> = []

  /// Creates a test store that owns a tree of models.
  ///
  /// An error an effect throws, other than `CancellationError`, fails the
  /// test that is running, naming the effect. Its dependencies are in the
  /// test context, `clock` set: a dependency whose key declares no test value
  /// fails the test when first read, as for
  /// ``init(_:middleware:fileID:filePath:line:column:dependencies:)``.
  ///
  /// - Parameters:
  ///   - root: The root model. Nothing is dispatched to it here.
  ///   - middleware: The middleware every dispatched action passes through,
  ///     the first one outermost, as for `Store.init(_:middleware:clock:)`.
  ///   - clock: The clock effects sleep on, read inside them as
  ///     `Effect.clock`: a ``TestClock`` lets the test advance time by hand.
  ///     `ContinuousClock()` by default.
  ///   - fileID: The file creating the test store, where failures found
  ///     when it is released, and errors its effects throw, are reported.
  ///   - filePath: The path of that file.
  ///   - line: The line creating the test store.
  ///   - column: The column of that call.
  public convenience init(
    _ root: Root, middleware: [Middleware<Root>] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      root, middleware: middleware, fileID: fileID, filePath: filePath, line: line,
      column: column
    ) { $0.clock = clock }
  }

  /// Creates a test store that owns a tree of models, with the dependencies
  /// the test provides.
  ///
  /// A dependency `dependencies` does not set has its key's test value; one
  /// whose key declares none fails the test the first time it is read,
  /// naming it, the action or effect that read it and the path of the model:
  ///
  /// ```swift
  /// @MainActor @Test func greetingUsesTheGreeter() {
  ///   let store = TestStore(Welcome()) { _ in }
  ///   store.send(WelcomeAction.greet("Ada")) { $0.text = "Hello, Ada!" }
  /// }
  /// ```
  ///
  /// fails with
  ///
  /// ```
  /// The dependency MyApp.GreeterKey was read while reducing WelcomeAction.greet("Ada") in root, but the test did not set it and its key declares no testValue; set it where the test store is created.
  /// ```
  ///
  /// and the read gets the live value, so the test goes on.
  /// `TestStore(Welcome()) { $0.greeter = Greeter { "Hi \($0)" } }` provides it.
  ///
  /// - Parameters:
  ///   - root: The root model. Nothing is dispatched to it here.
  ///   - middleware: The middleware every dispatched action passes through,
  ///     the first one outermost.
  ///   - fileID: The file creating the test store, where failures found
  ///     when it is released, and errors its effects throw, are reported.
  ///   - filePath: The path of that file.
  ///   - line: The line creating the test store.
  ///   - column: The column of that call.
  ///   - dependencies: Sets the dependencies the test provides, on values in
  ///     the test context that set none. The store's clock is
  ///     `DependencyValues.clock`; a ``TestClock`` lets the test advance time
  ///     by hand.
  public init(
    _ root: Root, middleware: [Middleware<Root>] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, dependencies: (inout DependencyValues) -> Void
  ) {
    let recorder = ActionRecorder<Root>()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.recorder = recorder
    self.site = site
    self.store = Store(root, middleware: [recorder.middleware] + middleware) { values in
      values.context = .test
      dependencies(&values)
    }
    store.effectErrorHandler = { description in
      TestFailure.report("The effect \(description).", at: site)
    }
    store.unprovidedDependencyHandler = { [unprovidedReads] read in
      unprovidedReads.withLock { $0.append(read) }
    }
    // A tree that cannot be copied is refused here, once, where the test creates the store,
    // rather than at each send.
    if recorder.copy(of: root) == nil, let problem = recorder.copyProblem {
      TestFailure.report(problem, at: site)
    }
  }

  /// Records, with exhaustivity on, what `finish()` would have: effects still
  /// running and actions not received.
  ///
  /// A test store lives in one test, on the main actor, so it is released
  /// there and the failure is the releasing test's, at the line that created
  /// the test store. Released off the main
  /// actor, it stops the program: `MainActor.assumeIsolated` is the only way a
  /// deinitializer can read the state it checks without an isolated deinit,
  /// which the platforms this package supports cannot all run.
  deinit {
    MainActor.assumeIsolated {
      reportUnprovidedDependencies(site)
      guard exhaustivity == .on else { return }
      reportRunningEffects(" when the test store was released", site)
      skipUnreceivedActions(before: "the test store was released", site)
    }
  }

  /// The real tree of models.
  public var root: Root { store.root }

  // MARK: - Sending and receiving

  /// Dispatches an action and checks that it changes the state exactly as `updateExpected` says.
  ///
  /// With exhaustivity on, an action dispatched earlier by middleware, a
  /// subscriber or an effect that was not received fails the test first,
  /// naming the action. Call it from the test itself: sent from a subscriber
  /// or a middleware while the store is dispatching, the action is queued,
  /// the test fails, and the action must be received.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it. Leave it out for an action
  ///     that changes nothing.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The effects the action started, to wait for with
  ///   ``SentAction/finish(timeout:fileID:filePath:line:column:)`` or cancel
  ///   with ``SentAction/cancel()`` on their own.
  @discardableResult
  public func send(
    _ action: any Action,
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> SentAction {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    skipUnreceivedActions(before: "sending \(actionText(action))", site)
    // The recorder copies the tree as it is now, including any change the
    // test made to it directly; the state the action leaves is the tree
    // itself when the check below comes next.
    let defers = recorder.defersSnapshots
    recorder.defersSnapshots = true
    let runningBefore = store.runningEffectOrdersByKey
    store.dispatch(action)
    recorder.defersSnapshots = defers
    reportUnprovidedDependencies(site)
    let sent = SentAction(
      effects: Set(store.runningEffectOrdersByKey.keys).subtracting(runningBefore.keys),
      testStore: self)
    // Actions queued behind this one wait to be received: they need their state kept.
    if recorder.entries.count > 1 { recorder.settle(root: store.root) }
    guard !recorder.entries.isEmpty else {
      TestFailure.report(
        "\(actionText(action)) was sent while the store was dispatching, so it was "
          + "queued: send actions from the test itself, and receive this one.", at: site)
      return sent
    }
    check(recorder.entries.removeFirst(), updateExpected, site)
    return sent
  }

  /// Waits for an action dispatched by middleware, a subscriber or an effect,
  /// and checks that it changed the state exactly as `updateExpected` says.
  ///
  /// Actions are received in the order they were dispatched. With
  /// exhaustivity on, the next action must be `expected`; with it off,
  /// actions before the first one equal to `expected` are skipped.
  ///
  /// An `Equatable` action is compared by `==`. One that is not, such as
  /// an action carrying a `Result<Success, any Error>`, is compared by
  /// case and by its values one by one: by `==` where their type is
  /// `Equatable`, an error that is not by its dynamic type and
  /// `String(reflecting:)`, an object that is neither by identity:
  ///
  /// ```swift
  /// await store.receive(SearchAction.loaded(.failure(SearchError.offline))) {
  ///   $0.failure = "offline"
  /// }
  /// ```
  ///
  /// It waits for the store's own work, not for a span of time: while an
  /// effect that is not cancelled runs and is not asleep on the store's
  /// ``TestClock``, it may still dispatch the action. Once none is left to, the
  /// test fails at once, naming the effects asleep on the clock, if any.
  /// `timeout` is a safety net for an effect that never ends.
  ///
  /// - Parameters:
  ///   - expected: The action that should be received next.
  ///   - timeout: How long to wait at most while an effect is awake; thirty
  ///     seconds by default.
  ///   - updateExpected: Changes a copy of the tree as it was before the
  ///     action into the state expected after it.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Received: Action>(
    _ expected: Received,
    timeout: Duration = .seconds(30),
    assert updateExpected: ((Root) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      describedAs: actionText(expected), timeout: timeout, updateExpected,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { action in
      guard let received = action as? Received else { return false }
      return ActionComparison.matches(received, expected)
    }
  }

  /// Waits for the next action that `matches` accepts, as
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Received,_,_,_,_,_,_)`` describes,
  /// naming it `expected` in failures.
  func receive(
    describedAs expected: String, timeout: Duration, _ updateExpected: ((Root) -> Void)?,
    _ site: CallSite, matching matches: (any Action) -> Bool
  ) async {
    var budget = WaitBudget(timeout: timeout)
    var skipped: [String] = []
    // How long it waited, when that is what ended the wait, and why the action cannot come.
    var waited = ""
    var reason: String
    while true {
      while let entry = recorder.entries.first {
        recorder.entries.removeFirst()
        reportUnprovidedDependencies(site)
        if matches(entry.action) {
          check(entry, updateExpected, site)
          return
        }
        if exhaustivity == .on {
          let received = actionText(entry.action)
          // Objects compare by identity, doubles by ==: the texts alone would not say why.
          let alike = received == expected ? " (they print alike but do not match)" : ""
          TestFailure.report(
            "Expected to receive \(expected), but received \(received)\(alike).", at: site)
          return
        }
        skipped.append(actionText(entry.action))
      }
      if let awaited = await settledEffects() {
        reason =
          awaited.isEmpty
          ? ", and no effect is running to dispatch it."
          : "; \(effectCount(awaited)) still running, asleep on the TestClock until the "
            + "test advances it:\n\(effectLines(awaited))"
        break
      }
      // An effect dispatched while the store settled: take it first.
      if !recorder.entries.isEmpty { continue }
      guard !budget.isSpent else {
        let running = store.runningEffects
        waited = " within \(timeout)"
        reason =
          running.isEmpty
          ? "." : "; \(effectCount(running)) still running:\n\(effectLines(running))"
        break
      }
      await budget.waitBriefly()
    }
    reportUnprovidedDependencies(site)
    let skippedText =
      skipped.isEmpty ? "" : " (received instead: \(skipped.joined(separator: ", ")))"
    TestFailure.report(
      "Expected to receive \(expected)\(waited), but it was not dispatched"
        + "\(skippedText)\(reason)", at: site)
  }

  /// Waits for the effects started with `Store.run` or `Effect.run` to
  /// finish, then checks that nothing is left to assert.
  ///
  /// It waits for the store's own work, not for a span of time: an effect
  /// asleep on the store's ``TestClock`` runs only when the test advances the
  /// clock, so once every effect still running is asleep on it, the test fails
  /// at once, naming them by their id, the action that started them and the
  /// path of the model that did. `timeout` is a safety net for an effect that
  /// never ends; the failure names the effects still running after it. With
  /// exhaustivity on, an action dispatched but not received fails the test
  /// too, named in the failure. Releasing a test store without calling
  /// `finish()` checks the same, without waiting, and fails the test that
  /// releases it; release it on the main actor.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait at most while an effect is awake; thirty
  ///     seconds by default.
  ///   - fileID: The file of the call, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitForEffects(nil, timeout: timeout, site)
    await letCancelledEffectsEnd()
    reportUnprovidedDependencies(site)
    skipUnreceivedActions(before: "finishing", site)
  }

  /// Lets the effects that were cancelled run to their end, so that what
  /// they throw is reported before ``finish(timeout:fileID:filePath:line:column:)``
  /// returns; one that goes on despite its cancellation is left running.
  private func letCancelledEffectsEnd() async {
    for _ in 0...Self.settledHops where store.hasCancelledEffectsRunning {
      await Task.detached(priority: .background) { await Task.yield() }.value
      await Task.yield()
    }
  }

  /// Waits until the effects with these keys, or all of the store's when
  /// `nil`, have ended or were cancelled, failing when those left are all
  /// asleep on the store's ``TestClock``, or after `timeout`.
  func waitForEffects(_ keys: Set<Int>?, timeout: Duration, _ site: CallSite) async {
    defer { reportUnprovidedDependencies(site) }
    var budget = WaitBudget(timeout: timeout)
    func waitedFor() -> [Int: Int] {
      let running = store.runningEffectOrdersByKey
      return keys.map { keys in running.filter { keys.contains($0.key) } } ?? running
    }
    while !waitedFor().isEmpty {
      guard !budget.isSpent else {
        reportRunningEffects(" after \(timeout)", only: keys, site)
        break
      }
      if keys == nil ? await settledEffects() != nil : await areAsleep(waitedFor) {
        reportRunningEffects(
          ", asleep on the TestClock until the test advances it", only: keys, site)
        break
      }
      await budget.waitBriefly()
    }
  }

  /// Whether the effects `running` returns are all asleep on the store's
  /// ``TestClock``, through ``settledHops`` hops.
  private func areAsleep(_ running: () -> [Int: Int]) async -> Bool {
    guard let clock = store.clock as? TestClock else { return false }
    for _ in 0...Self.settledHops {
      guard clock.sleepingEffects.isSuperset(of: running().values) else { return false }
      await Task.detached(priority: .background) { await Task.yield() }.value
      await Task.yield()
    }
    return true
  }

  /// Cancels the effects with these keys, for ``SentAction/cancel()``.
  func cancelEffects(_ keys: Set<Int>) {
    store.cancelEffects(withKeys: keys)
  }

  // MARK: - Waiting

  /// How many hops in a row must find the store's effects settled before
  /// `receive` or `finish` gives up: work that is no effect's, such as a
  /// task the test started, gets those to run.
  private static var settledHops: Int { 3 }

  /// The effects a test must advance the clock for, once no effect that may
  /// still dispatch is awake, through ``settledHops`` hops through the global
  /// executor and the main actor: empty when none is running, and `nil` while
  /// one is awake, or asleep on something other than the store's
  /// ``TestClock``.
  ///
  /// Hops rather than a span of time, so that how long they take, under any
  /// load, changes nothing; and whatever `timeout` is, this is asked first.
  private func settledEffects() async -> [(key: Int, description: String)]? {
    for _ in 0..<Self.settledHops {
      guard awaitedEffects() != nil, recorder.entries.isEmpty else { return nil }
      await Task.detached(priority: .background) { await Task.yield() }.value
      await Task.yield()
    }
    return recorder.entries.isEmpty ? awaitedEffects() : nil
  }

  /// The effects a test must advance the clock for, if no effect that may
  /// still dispatch is awake now.
  private func awaitedEffects() -> [(key: Int, description: String)]? {
    let running = store.runningEffectOrders
    guard !running.isEmpty else { return [] }
    guard let clock = store.clock as? TestClock,
      clock.sleepingEffects.isSuperset(of: running)
    else { return nil }
    return store.runningEffects
  }

  private func effectCount(_ effects: [(key: Int, description: String)]) -> String {
    effects.count == 1 ? "1 effect is" : "\(effects.count) effects are"
  }

  private func effectLines(_ effects: [(key: Int, description: String)]) -> String {
    effects.map { "  " + $0.description }.joined(separator: "\n")
  }

  /// Fails with the effects still running that no failure has named yet,
  /// saying `when` they were found running.
  private func reportRunningEffects(_ when: String, only keys: Set<Int>? = nil, _ site: CallSite) {
    let running = store.runningEffects.filter {
      !reportedEffects.contains($0.key) && keys?.contains($0.key) != false
    }
    guard !running.isEmpty else { return }
    reportedEffects.formUnion(running.map(\.key))
    TestFailure.report(
      "\(effectCount(running)) still running\(when):\n\(effectLines(running))", at: site)
  }

  // MARK: - Dependencies

  /// Fails with each dependency read without being provided since the last
  /// call, the first time it is: naming it, who read it and where.
  private func reportUnprovidedDependencies(_ site: CallSite) {
    let reads = unprovidedReads.withLock { reads in
      defer { reads.removeAll() }
      return reads
    }
    for read in reads where reportedDependencies.insert(read.name).inserted {
      TestFailure.report(
        "The dependency \(read.name) was read \(read.readerDescription), but the test did not "
          + "set it and its key declares no testValue; set it where the test store is created.",
        at: site)
    }
  }

  // MARK: - Checking

  /// Compares the state after `entry` with the expected state, recording
  /// one issue that lists every difference.
  ///
  /// The closure changes the copy taken just before the action, which
  /// nothing else reads: it is the expected state once the closure returns.
  private func check(
    _ entry: ActionRecorder<Root>.Entry, _ updateExpected: ((Root) -> Void)?,
    _ site: CallSite
  ) {
    compare(
      entry.before, after: entry.after, "State after \(actionText(entry.action))",
      { updateExpected?($0) }, site)
  }

  /// Changes `expectedCopy` with `updateExpected` and compares it with the
  /// tree, or with `after`, the tree as it was, recording one issue that
  /// lists every difference, its text starting with `subject`.
  func compare(
    _ expectedCopy: ModelTreeCopy<Root>?, after: TreeSnapshot?, _ subject: String,
    _ updateExpected: (Root) -> Void, _ site: CallSite
  ) {
    // A tree that cannot be copied was reported when the test store was created.
    guard let expectedCopy else { return }
    // Only needed to tell what the closure asserts, when nothing else is checked.
    let base = exhaustivity == .off ? TreeSnapshot(expectedCopy.root) : nil
    updateExpected(expectedCopy.root)
    // Still the state the action left: compared first without making snapshots.
    if after == nil, base == nil, TreeSnapshot.surelyEqual(root, expectedCopy.root) {
      return
    }
    let after = after ?? TreeSnapshot(root)
    let expected = TreeSnapshot(expectedCopy.root)
    var changes = after.difference(from: expected).changes
    if let base {
      let asserted = expected.difference(from: base).changes.map(\.path.description)
      changes = changes.filter { change in
        asserted.contains { Self.path($0, isRelatedTo: change.path.description) }
      }
    }
    guard !changes.isEmpty else { return }
    let difference = TreeDifference(changes: changes)
    TestFailure.report(
      "\(subject) is not as expected (- expected, + actual):\n\(difference)", at: site)
  }

  /// A deep copy of the tree as it is now, kept as long as the test store.
  func copyOfTree() -> ModelTreeCopy<Root>? {
    recorder.copy(of: store.root)
  }

  /// Whether one path is the other, or contains it.
  private static func path(_ path: String, isRelatedTo other: String) -> Bool {
    func contains(_ outer: String, _ inner: String) -> Bool {
      outer == "root" || inner == outer || inner.hasPrefix(outer + ".")
        || inner.hasPrefix(outer + "[")
    }
    return contains(path, other) || contains(other, path)
  }

  /// Drops the actions waiting to be received, without a failure: those a
  /// scope with exhaustivity off left, which it did not have to receive.
  func dropUnreceivedActions() {
    recorder.entries.removeAll()
  }

  /// Drops the actions waiting to be received, failing with their names when
  /// exhaustivity is on.
  private func skipUnreceivedActions(
    before step: @autoclosure () -> String, _ site: CallSite
  ) {
    guard !recorder.entries.isEmpty else { return }
    let names = recorder.entries.map { "  " + actionText($0.action) }
    recorder.entries.removeAll()
    guard exhaustivity == .on else { return }
    let count = names.count == 1 ? "1 action was" : "\(names.count) actions were"
    TestFailure.report(
      "\(count) dispatched but not received before \(step()):\n"
        + names.joined(separator: "\n"), at: site)
  }
}
