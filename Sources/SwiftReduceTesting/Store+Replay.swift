import SwiftReduce

extension Store {
  /// Replays a recorded session on this store, step by step, and fails the
  /// running test at the first step whose changes differ from those
  /// recorded, naming the step, its action and the first path that differs.
  ///
  /// An action step dispatches its action again: the action itself when
  /// the session was recorded in this process, else the one decoded from
  /// the step as the type of `actionTypes` of its name. Any other step
  /// (changes made outside a dispatch, an undo or a redo, patches applied)
  /// is applied as its patches. Changes compare by what they encode, so a
  /// session saved to a file replays as one recorded here.
  ///
  /// ```swift
  /// let recorded = Store(Tally())
  /// let recorder = SessionRecorder(recorded)
  /// recorded.dispatch(TallyAction.add(2))
  /// let saved = try JSONEncoder().encode(recorder.steps)
  ///
  /// let session = try JSONDecoder().decode([SessionStep].self, from: saved)
  /// Store(Tally()).replay(session, decoding: [TallyAction.self])
  /// ```
  ///
  /// - Parameters:
  ///   - session: The steps a `SessionRecorder` recorded, or their decoding.
  ///   - actionTypes: The types of the actions of a decoded session.
  ///   - fileID: The file a failure points at; the caller's by default.
  ///   - filePath: The path of that file.
  ///   - line: The line a failure points at.
  ///   - column: The column a failure points at.
  /// - Returns: How many steps replayed as recorded.
  @discardableResult
  public func replay(
    _ session: [SessionStep], decoding actionTypes: [any (Action & Decodable).Type] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    for (index, step) in session.enumerated() {
      let name = "Step \(index + 1) of \(session.count), \(step.actionText ?? "\(step.kind)")"
      var replayed: [Patch] = []
      let listening = onPatches { replayed += $0 }
      defer { listening.cancel() }
      if step.kind == .action {
        switch Self.action(of: step, decoding: actionTypes) {
        case let .success(action): dispatch(action)
        case let .failure(reason):
          TestFailure.report("\(name): \(reason).", at: site)
          return index
        }
      } else {
        do {
          try apply(step.patches)
        } catch {
          TestFailure.report("\(name): \(error)", at: site)
          return index
        }
      }
      if let difference = Self.difference(recorded: step.patches, replayed: replayed) {
        TestFailure.report("\(name): \(difference)", at: site)
        return index
      }
    }
    return session.count
  }

  /// The action `step` dispatches again, or why there is none.
  private static func action(
    of step: SessionStep, decoding actionTypes: [any (Action & Decodable).Type]
  ) -> Result<any Action, ReplayRefusal> {
    if let action = step.action { return .success(action) }
    guard let encoded = step.encodedAction else {
      return .failure(
        ReplayRefusal(
          "the action was recorded as its text only, not being Encodable: make "
            + "\(step.actionType ?? "its type") Codable to replay it"))
    }
    guard
      let type = actionTypes.first(where: {
        _typeName($0, qualified: false) == step.actionType
      })
    else {
      return .failure(
        ReplayRefusal(
          "no type named \(step.actionType ?? "?") among the action types given: "
            + "pass it in `decoding:`"))
    }
    do {
      return .success(try Patch.decode(encoded, as: type))
    } catch {
      return .failure(ReplayRefusal("the action could not be decoded as \(type): \(error)"))
    }
  }

  /// The first difference between the patches recorded and those replayed, if any.
  private static func difference(recorded: [Patch], replayed: [Patch]) -> String? {
    for index in 0..<max(recorded.count, replayed.count) {
      let first = index < recorded.count ? recorded[index] : nil
      let second = index < replayed.count ? replayed[index] : nil
      if let first, let second,
        (try? first.encodedParts()) == (try? second.encodedParts()),
        (try? first.encodedParts()) != nil
      {
        continue
      }
      let path = first?.path ?? second?.path ?? .root
      return "the changes differ at \(path): recorded \(first?.description ?? "no change"), "
        + "replayed \(second?.description ?? "no change")."
    }
    return nil
  }
}

/// Why a step cannot be replayed, in words.
private struct ReplayRefusal: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

extension ReplayRefusal: CustomStringConvertible {
  var description: String { reason }
}

extension Store {
  /// The source of an exhaustive `TestStore` test of `session`: one `send`
  /// per action, with the changes the action made as assignments, to check
  /// in beside the session's models.
  ///
  /// The store must hold the tree the session started from, the tree the
  /// test's `TestStore` is made of (`root`, written as Swift); the session's
  /// changes are applied to it as the source is written. A value is written
  /// as snapshots show it: a literal, a case, or a memberwise initialiser,
  /// which a model or a struct without one needs written by hand.
  ///
  /// ```swift
  /// let source = Store(Tally()).testSource(of: session, named: "addingTwo", root: "Tally()")
  /// ```
  ///
  /// gives
  ///
  /// ```
  /// @Test func addingTwo() {
  ///   let store = TestStore(Tally())
  ///   store.send(TallyAction.add(2)) {
  ///     $0.total = 2
  ///     $0.entries.insert(2, at: 0)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - session: Steps a `SessionRecorder` recorded, or their decoding.
  ///   - name: The test's name.
  ///   - root: The Swift expression that makes the tree the session started from.
  ///   - history: The Swift expression that makes the test's `History` of
  ///     `store.store`, for a session with undo and redo steps: each is
  ///     written as `try history.undo()` (or `redo()`), followed by an
  ///     `#expect` of each value it changed.
  /// - Returns: The test's source, or why none can be written: a session
  ///   with a step a `TestStore` cannot make (a change made outside a
  ///   dispatch, patches applied; an undo without `history`).
  public func testSource(
    of session: [SessionStep], named name: String, root: String, history: String? = nil
  ) -> Result<String, SessionSourceRefusal> {
    let movesHistory = session.contains { $0.kind == .undo || $0.kind == .redo }
    var lines = [
      "@Test func \(name)()\(movesHistory ? " throws" : "") {", "  let store = TestStore(\(root))",
    ]
    if movesHistory, let history { lines.append("  let history = \(history)") }
    for (index, step) in session.enumerated() {
      let name = "Step \(index + 1) of \(session.count)"
      if step.kind == .undo || step.kind == .redo, history != nil {
        lines.append("  try history.\(step.kind == .undo ? "undo" : "redo")()")
        do {
          lines += try applyWritingStatements(step.patches, expecting: "store.root").map {
            $0.hasPrefix("//") ? "  " + $0 : "  #expect(\($0))"
          }
        } catch {
          return .failure(SessionSourceRefusal(description: "\(name): \(error)"))
        }
        continue
      }
      guard step.kind == .action, let action = step.actionText else {
        let hint =
          step.kind == .undo || step.kind == .redo
          ? "pass `history:`, the test's History of `store.store`"
          : "a TestStore cannot make it, so the steps after it would not be checked"
        return .failure(
          SessionSourceRefusal(
            description: "\(name) is not an action (\(step.kind)): \(hint)."))
      }
      let statements: [String]
      do {
        statements = try applyWritingStatements(step.patches)
      } catch {
        return .failure(SessionSourceRefusal(description: "\(name): \(error)"))
      }
      guard !statements.isEmpty else {
        lines.append("  store.send(\(action))")
        continue
      }
      lines.append("  store.send(\(action)) {")
      lines += statements.map { "    " + $0 }
      lines.append("  }")
    }
    lines.append("}")
    return .success(lines.joined(separator: "\n"))
  }
}

/// Why `Store.testSource(of:named:root:history:)` wrote no source.
public struct SessionSourceRefusal: Error, CustomStringConvertible, Equatable {
  /// What stopped it, naming the step.
  public let description: String
}
