import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Values with layouts of their own, and standard views of models, in every tool.
///
/// Each is shown by snapshots, differences and `printingChanges`, and passed by the paths of
/// `recipients(of:)`. The workshop's fixtures keep a ``Gauge`` after each value. The change
/// `WorkshopAction.advance` makes is stated once for each value, and expected of both the
/// difference and `printingChanges`.
@MainActor
struct SnapshotValueTests {
  // MARK: - ObjectIdentifier

  @Test func snapshotOfAModelHoldingAnObjectIdentifierShowsItsValue() {
    expectText(
      TreeSnapshot(Badge()).description,
      """
      Badge
        owner: \(Self.identifier(Keycard.first))
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in a `Badge`: its owner.
  static var ownerAdvance: String {
    """
    owner
      - \(identifier(Keycard.first))
      + \(identifier(Keycard.second))
    """
  }

  @Test func differenceOfAModelHoldingAnObjectIdentifierShowsTheChange() {
    expectAdvance(of: Badge(), changes: Self.ownerAdvance)
  }

  @Test func recipientsInATreeHoldingAnObjectIdentifierHaveTheirPaths() {
    expectRecipients(of: Badge(), ["root: Badge", "gauge: Gauge"])
  }

  @Test func printingChangesOfATreeHoldingAnObjectIdentifierPrintsTheChange() {
    expectPrintedAdvance(of: Badge(), changes: Self.ownerAdvance)
  }

  // MARK: - Task

  @Test func snapshotOfAModelHoldingATaskShowsItsTypeAndHandle() throws {
    let text = TreeSnapshot(Errand()).description
    let lines = text.split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    Self.expectTaskText(lines[1], label: "job")
    expectText(
      text,
      """
      Errand
      \(lines[1])
        gauge: Gauge
          readings: 0
      """)
  }

  @Test func snapshotOfTheSameTaskPrintsTheSameAndOfAnotherTaskDiffers() {
    let errand = Errand()
    let before = TreeSnapshot(errand)
    #expect(TreeSnapshot(errand) == before)
    errand.job = Task {}
    #expect(TreeSnapshot(errand) != before)
  }

  @Test func differenceOfAModelHoldingATaskShowsTheChange() throws {
    let errand = Errand()
    let before = TreeSnapshot(errand)
    Store(errand).dispatch(WorkshopAction.advance)
    let changes = TreeSnapshot(errand).difference(from: before).changes
    try #require(changes.count == 1)
    #expect(changes[0].path == "job")
    let old = try #require(changes[0].old)
    let new = try #require(changes[0].new)
    Self.expectTaskText(old)
    Self.expectTaskText(new)
    #expect(old != new)
  }

  @Test func recipientsInATreeHoldingATaskHaveTheirPaths() {
    expectRecipients(of: Errand(), ["root: Errand", "gauge: Gauge"])
  }

  @Test func printingChangesOfATreeHoldingATaskPrintsTheChange() throws {
    var lines: [String] = []
    let store = Store(Errand(), middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(WorkshopAction.advance)
    try #require(lines.count == 4)
    #expect(Array(lines[0...1]) == ["WorkshopAction.advance", "  job"])
    Self.expectTaskText(lines[2], label: "    -")
    Self.expectTaskText(lines[3], label: "    +")
    #expect(lines[2].dropFirst(6) != lines[3].dropFirst(6))
  }

  // MARK: - SIMD

  @Test func snapshotOfAModelHoldingASIMDVectorShowsItsValue() {
    expectText(
      TreeSnapshot(Compass()).description,
      """
      Compass
        heading: SIMD2<Float>(1.0, 2.0)
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in a `Compass`: its heading.
  static var headingAdvance: String {
    """
    heading
      - SIMD2<Float>(1.0, 2.0)
      + SIMD2<Float>(2.0, 2.0)
    """
  }

  @Test func differenceOfAModelHoldingASIMDVectorShowsTheChange() {
    expectAdvance(of: Compass(), changes: Self.headingAdvance)
  }

  @Test func recipientsInATreeHoldingASIMDVectorHaveTheirPaths() {
    expectRecipients(of: Compass(), ["root: Compass", "gauge: Gauge"])
  }

  @Test func printingChangesOfATreeHoldingASIMDVectorPrintsTheChange() {
    expectPrintedAdvance(of: Compass(), changes: Self.headingAdvance)
  }

  // MARK: - Int128

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func snapshotOfAModelHoldingAnInt128ShowsItsValue() {
    expectText(
      TreeSnapshot(Abacus()).description,
      """
      Abacus
        total: 170141183460469231731687303715884105727
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in an `Abacus`: its total.
  static var totalAdvance: String {
    """
    total
      - 170141183460469231731687303715884105727
      + 170141183460469231731687303715884105726
    """
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func differenceOfAModelHoldingAnInt128ShowsTheChange() {
    expectAdvance(of: Abacus(), changes: Self.totalAdvance)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func recipientsInATreeHoldingAnInt128HaveTheirPaths() {
    expectRecipients(of: Abacus(), ["root: Abacus", "gauge: Gauge"])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func printingChangesOfATreeHoldingAnInt128PrintsTheChange() {
    expectPrintedAdvance(of: Abacus(), changes: Self.totalAdvance)
  }

  // MARK: - Float16

  #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @Test func snapshotOfAModelHoldingAFloat16ShowsItsValue() {
      expectText(
        TreeSnapshot(Thermometer()).description,
        """
        Thermometer
          degrees: 1.5
          gauge: Gauge
            readings: 0
        """)
    }

    /// What `WorkshopAction.advance` changes in a `Thermometer`: its degrees.
    static var degreesAdvance: String {
      """
      degrees
        - 1.5
        + 2.5
      """
    }

    @Test func differenceOfAModelHoldingAFloat16ShowsTheChange() {
      expectAdvance(of: Thermometer(), changes: Self.degreesAdvance)
    }

    @Test func recipientsInATreeHoldingAFloat16HaveTheirPaths() {
      expectRecipients(of: Thermometer(), ["root: Thermometer", "gauge: Gauge"])
    }

    @Test func printingChangesOfATreeHoldingAFloat16PrintsTheChange() {
      expectPrintedAdvance(of: Thermometer(), changes: Self.degreesAdvance)
    }
  #endif

  // MARK: - Raw and opaque pointers

  @Test func snapshotOfAModelHoldingRawAndOpaquePointersShowsTheirAddresses() {
    let socket = Socket()
    expectText(
      TreeSnapshot(socket).description,
      """
      Socket
        address: \(String(reflecting: socket.address))
        handle: \(String(reflecting: socket.handle))
        gauge: Gauge
          readings: 0
      """)
  }

  @Test func differenceOfAModelHoldingRawAndOpaquePointersShowsTheChange() {
    let socket = Socket()
    expectAdvance(of: socket, changes: socket.advanceDifference)
  }

  @Test func recipientsInATreeHoldingRawAndOpaquePointersHaveTheirPaths() {
    expectRecipients(of: Socket(), ["root: Socket", "gauge: Gauge"])
  }

  @Test func printingChangesOfATreeHoldingRawAndOpaquePointersPrintsTheChange() {
    let socket = Socket()
    expectPrintedAdvance(of: socket, changes: socket.advanceDifference)
  }

  // MARK: - ArraySlice of models

  @Test func snapshotOfAnArraySliceOfModelsShowsItsElementsLikeAnArray() {
    expectText(
      TreeSnapshot(SprocketRack()).description,
      """
      SprocketRack
        sprockets: 2 elements
          [0]: Sprocket
            teeth: 12
          [1]: Sprocket
            teeth: 16
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in a `SprocketRack`: the teeth of both sprockets.
  static var teethAdvance: String {
    """
    sprockets[0].teeth
      - 12
      + 13
    sprockets[1].teeth
      - 16
      + 17
    """
  }

  @Test func differenceOfAnArraySliceOfModelsNamesEachChangedElement() {
    expectAdvance(of: SprocketRack(), changes: Self.teethAdvance)
  }

  @Test func recipientsInAnArraySliceOfModelsHaveTheirPaths() {
    expectRecipients(
      of: SprocketRack(), ["sprockets[0]: Sprocket", "sprockets[1]: Sprocket", "gauge: Gauge"])
  }

  @Test func printingChangesOfAnArraySliceOfModelsPrintsEachChangedElement() {
    expectPrintedAdvance(of: SprocketRack(), changes: Self.teethAdvance)
  }

  // MARK: - Dictionary.Values of models

  @Test func snapshotOfDictionaryValuesOfModelsShowsThemLikeAnArray() {
    expectText(
      TreeSnapshot(Catalog()).description,
      """
      Catalog
        parts: 1 element
          [0]: Sprocket
            teeth: 20
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in a `Catalog`: its one part.
  static var partAdvance: String {
    """
    parts[0].teeth
      - 20
      + 21
    """
  }

  @Test func differenceOfDictionaryValuesOfModelsNamesTheChangedElement() {
    expectAdvance(of: Catalog(), changes: Self.partAdvance)
  }

  @Test func recipientsInDictionaryValuesOfModelsHaveTheirPaths() {
    expectRecipients(of: Catalog(), ["parts[0]: Sprocket", "gauge: Gauge"])
  }

  @Test func printingChangesOfDictionaryValuesOfModelsPrintsTheChangedElement() {
    expectPrintedAdvance(of: Catalog(), changes: Self.partAdvance)
  }

  // MARK: - Set<ObjectIdentifier>

  @Test func snapshotOfASetOfObjectIdentifiersShowsItsMembersInTheOrderOfTheirText() {
    let guestlist = Guestlist()
    guestlist.guests = [ObjectIdentifier(Keycard.first), ObjectIdentifier(Keycard.second)]
    let sorted = [Keycard.first, Keycard.second].map(Self.identifier).sorted()
    expectText(
      TreeSnapshot(guestlist).description,
      """
      Guestlist
        guests: 2 elements
          [0]: \(sorted[0])
          [1]: \(sorted[1])
        gauge: Gauge
          readings: 0
      """)
  }

  /// What `WorkshopAction.advance` changes in a `Guestlist`: its first guest.
  static var guestAdvance: String {
    """
    guests[0]
      - \(identifier(Keycard.first))
      + \(identifier(Keycard.third))
    """
  }

  @Test func differenceOfASetOfObjectIdentifiersShowsTheChange() {
    expectAdvance(of: Guestlist(), changes: Self.guestAdvance)
  }

  @Test func recipientsInATreeHoldingASetOfObjectIdentifiersHaveTheirPaths() {
    expectRecipients(of: Guestlist(), ["root: Guestlist", "gauge: Gauge"])
  }

  @Test func printingChangesOfATreeHoldingASetOfObjectIdentifiersPrintsTheChange() {
    expectPrintedAdvance(of: Guestlist(), changes: Self.guestAdvance)
  }

  // MARK: - Helpers

  /// The text of an object's identifier, as Swift prints it: `ObjectIdentifier(0x…)`.
  static func identifier(_ object: AnyObject) -> String {
    String(reflecting: ObjectIdentifier(object))
  }

  /// Expects `text` to be a task after `label` and `: `: `Task<(), Never>(0x` and hex digits.
  static func expectTaskText(
    _ text: String, label: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var rest = Substring(text)
    if let label {
      let prefix = label.hasSuffix("-") || label.hasSuffix("+") ? label + " " : "  \(label): "
      #expect(rest.hasPrefix(prefix), "\(text)", sourceLocation: sourceLocation)
      rest = rest.dropFirst(prefix.count)
    }
    let head = "Task<(), Never>(0x"
    #expect(rest.hasPrefix(head) && rest.hasSuffix(")"), "\(text)", sourceLocation: sourceLocation)
    let hex = rest.dropFirst(head.count).dropLast()
    #expect(!hex.isEmpty && hex.allSatisfy(\.isHexDigit), "\(text)", sourceLocation: sourceLocation)
  }

  /// Dispatches `WorkshopAction.advance` to `root` and expects the difference it makes.
  func expectAdvance<Root: Reducer>(
    of root: Root, changes: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = TreeSnapshot(root)
    Store(root).dispatch(WorkshopAction.advance)
    let after = TreeSnapshot(root)
    expectText(after.difference(from: before).description, changes, sourceLocation: sourceLocation)
    #expect(TreeSnapshot(root).difference(from: after).isEmpty, sourceLocation: sourceLocation)
  }

  /// Expects what `.printingChanges()` prints for `WorkshopAction.advance`: the action, then
  /// `changes` indented.
  func expectPrintedAdvance<Root: Reducer>(
    of root: Root, changes: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var lines: [String] = []
    let store = Store(root, middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(WorkshopAction.advance)
    let indented = changes.split(separator: "\n").map { "  " + $0 }
    expectLines(
      lines, (["WorkshopAction.advance"] + indented).joined(separator: "\n"),
      sourceLocation: sourceLocation)
  }

  /// Expects `recipients(of: WorkshopAction.advance)` to be `expected`, as `path: Type`.
  func expectRecipients<Root: Reducer>(
    of root: Root, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let recipients = Store(root).recipients(of: WorkshopAction.advance)
    #expect(recipients.map(\.description) == expected, sourceLocation: sourceLocation)
  }
}
