/// Walks a tree of models and records one ``SnapshotLine`` per value, in pre-order.
///
/// It reads the tree by the walk's own plans (``PlanCache``), so it shows
/// exactly the models a dispatch reaches, in the same order, and never looks
/// inside a value the walk knows holds no model. Each model is shown in full
/// at its first position; every later path to it, shared instance or cycle,
/// becomes a one-line reference to that first position, so a printout always
/// ends.
///
/// The builder keeps its own stack of pending work instead of recursing:
/// a model, struct or collection whose line is open waits on the stack with
/// the position of its next child, so a chain of any depth, through
/// properties, optionals or arrays, is recorded without growing the call
/// stack.
@MainActor
struct SnapshotBuilder {
  private let plans = PlanCache.shared
  private(set) var lines: [SnapshotLine] = []
  /// The copies of values that lines compare by `==`, in the order of their lines.
  private(set) var keptValues: [any KeptValue] = []
  private var firstLineOfModel = AddressTable<Int>()
  /// Every model shown, in the order of its first line.
  private(set) var models: [AnyObject] = []
  /// The first line of each of ``models``, in the same order: ascending.
  private(set) var modelLines: [Int] = []
  /// The plan of the last object's class: siblings are mostly of one class.
  private var lastObjectPlan: (type: ObjectIdentifier, plan: TypePlan)?
  private var parent = -1
  private var depth = 0
  /// For a builder that makes the text a set element is ordered by: the
  /// models its enclosing builder has shown, which it refers to by their
  /// line rather than show again, and it orders its own sets by their
  /// elements' first lines, so that ordering never nests further.
  private var enclosingModels: AddressTable<Int>?
  /// Whether only places are recorded.
  ///
  /// Every line is, with its label and kind, but no leaf's text other than
  /// an `id` property's, which tells rows apart, and nothing is kept for
  /// comparison. For ``ModelRows``, which finds models and rows and shows nothing.
  var recordsPlacesOnly = false

  /// Work waiting on the stack: the rest of an open line's children.
  ///
  /// Each kind of frame has a stack of its own, small and read in place;
  /// `kinds` says which stack holds the top frame.
  private enum FrameKind {
    case model, objects, values
  }

  private var kinds: [FrameKind] = []
  private var modelFrames: [ModelFrame] = []
  private var objectFrames: [ObjectsFrame] = []
  private var valueFrames: [ValuesFrame] = []

  /// The stored properties of a model, from `next`; the frame holds the model,
  /// so its fields stay where they are while read.
  private struct ModelFrame {
    let object: AnyObject
    let fields: [PlanField]
    let line: Int
    var next = 0
  }

  /// The slots of an array of object references, read from its storage, which
  /// the frame holds: `count` slots from `first`, `stride` bytes apart.
  private struct ObjectsFrame {
    let storage: AnyObject
    let first: UnsafeRawPointer
    let count: Int
    let stride: Int
    let line: Int
    var next = 0
  }

  /// The stored properties of a struct or tuple (`fields` of `value`, of
  /// `plan`'s type), or elements (`values`, labelled by `labels` or by position).
  private struct ValuesFrame {
    let line: Int
    var value: Any = ()
    var plan: TypePlan?
    var fields: [PlanField] = []
    var values: [Any] = []
    var labels: [String]?
    var next = 0

    init(line: Int, value: Any, plan: TypePlan, fields: [PlanField]) {
      self.line = line
      self.value = value
      self.plan = plan
      self.fields = fields
    }

    init(line: Int, values: [Any], labels: [String]?) {
      self.line = line
      self.values = values
      self.labels = labels
    }
  }

  // MARK: - Recording

  /// Records the tree below `root`, or one line for an object that is not a model.
  mutating func record(root: AnyObject) {
    recordObject(root, label: "")
    run()
  }

  /// Records `value`, of the type `plan` describes, and everything inside it.
  mutating func record(_ value: Any, plan: TypePlan, label: String) {
    recordValue(value, plan, label: label)
    run()
  }

  /// Records pending children until none are left.
  ///
  /// Each step records children of the top frame until one of them pushes a
  /// frame of its own, which is then recorded first: pre-order, on no call stack.
  private mutating func run() {
    while let kind = kinds.last {
      let depth = kinds.count
      switch kind {
      case .model:
        let top = modelFrames.count - 1
        let base = UnsafeRawPointer(Unmanaged.passUnretained(modelFrames[top].object).toOpaque())
        let count = modelFrames[top].fields.count
        var position = modelFrames[top].next
        while position < count, kinds.count == depth {
          let field = modelFrames[top].fields[position]
          position += 1
          recordField(field, at: base)
        }
        modelFrames[top].next = position
      case .objects:
        let top = objectFrames.count - 1
        let first = objectFrames[top].first
        let stride = objectFrames[top].stride
        let count = objectFrames[top].count
        var position = objectFrames[top].next
        while position < count, kinds.count == depth {
          let label = Self.indexLabel(position)
          if let object = ObjectReference(first + position * stride).objectAddress {
            recordObject(
              Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue(), label: label)
          } else {
            appendLine(label: label, text: "nil")
          }
          position += 1
        }
        objectFrames[top].next = position
      case .values:
        let top = valueFrames.count - 1
        var position = valueFrames[top].next
        if let plan = valueFrames[top].plan {
          let fields = valueFrames[top].fields
          plan.access.withBytes(of: valueFrames[top].value) { base in
            while position < fields.count, kinds.count == depth {
              position += 1
              recordField(fields[position - 1], at: base)
            }
          }
        } else {
          let count = valueFrames[top].values.count
          while position < count, kinds.count == depth {
            let element = valueFrames[top].values[position]
            let label = valueFrames[top].labels?[position] ?? Self.indexLabel(position)
            position += 1
            recordValue(element, plans.plan(for: type(of: element)), label: label)
          }
        }
        valueFrames[top].next = position
      }
      // A child pushed a frame: it is recorded first, and this one goes on after it.
      guard kinds.count == depth else { continue }
      // Every child is recorded: the frame is done, and its line closes.
      kinds.removeLast()
      switch kind {
      case .model: close(modelFrames.removeLast().line)
      case .objects: close(objectFrames.removeLast().line)
      case .values: close(valueFrames.removeLast().line)
      }
    }
  }

  private mutating func push(_ frame: ValuesFrame) {
    valueFrames.append(frame)
    kinds.append(.values)
  }

  /// Records an array of object references from its storage, as the walk reads it.
  private mutating func recordObjectArray(at address: UnsafeRawPointer, stride: Int, label: String)
  {
    let storage = ArrayStorage(ofArrayAt: address)
    let count = storage.count
    let header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
    let line = open(label: label, text: header, kind: .collection)
    guard count > 0 else {
      close(line)
      return
    }
    // The frame retains the storage, so the elements stay where they are while read.
    objectFrames.append(
      ObjectsFrame(
        storage: Unmanaged<AnyObject>.fromOpaque(storage.address).takeUnretainedValue(),
        first: storage.elements, count: count, stride: stride,
        line: line))
    kinds.append(.objects)
  }

  /// Records a stored property, pushing a frame for what its line holds, if anything.
  private mutating func recordField(_ field: PlanField, at base: UnsafeRawPointer) {
    // Places only: plain data holds no model, and only an `id` tells a row
    // apart, on one line whatever its type (``ModelRows/idText(_:)``).
    if recordsPlacesOnly, !field.plan.mayHoldModels, !field.isReference {
      guard field.name == "id" else { return }
      let id = field.plan.access.load(from: base + field.offset)
      appendLine(label: field.name, text: oneLineText(of: id, field.plan))
      return
    }
    let address = base + field.offset
    if field.isReference {
      guard let object = ObjectReference(address).object(field.ownership) else {
        appendLine(label: field.name, text: "nil")
        return
      }
      recordObject(object, label: field.name)
      return
    }
    let plan = field.plan
    if case let .fields(reads) = plan.shape, reads.count == 1,
      case let .objectArray(0, stride) = reads[0]
    {
      recordObjectArray(at: address, stride: stride, label: field.name)
      return
    }
    switch plans.form(of: plan) {
    case .text where recordsPlacesOnly:
      appendLine(label: field.name, text: "")
    case let .text(formatter):
      appendLine(label: field.name, text: formatter.text(at: address))
      if let equality = plans.equality(of: plan) { keep(equality.keep(at: address)) }
    case .registrar:
      return
    case .untraversed:
      appendLine(label: field.name, text: "(untraversed)")
    case .noncopyable:
      appendLine(label: field.name, text: "(~Copyable, not entered)")
    default:
      recordValue(plan.access.load(from: address), plan, label: field.name)
    }
  }

  /// Records a value, pushing a frame for what its line holds, if anything.
  private mutating func recordValue(_ value: Any, _ plan: TypePlan, label: String) {
    switch plans.form(of: plan) {
    case .text where recordsPlacesOnly && label != "id":
      appendLine(label: label, text: "")
    case let .text(formatter):
      var text = ""
      plan.access.withBytes(of: value) { text = formatter.text(at: $0) }
      appendLine(label: label, text: text)
      keep(value, plan)
    case .model, .object:
      recordObject(value as AnyObject, label: label)
    case .fields:
      guard let fields = plans.fields(of: plan) else {
        recordRuntimeChildren(of: value, plan, label: label)
        return
      }
      let line = open(label: label, text: plan.name, kind: .node)
      keep(value, plan)
      push(ValuesFrame(line: line, value: value, plan: plan, fields: fields))
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else {
        appendLine(label: label, text: "nil")
        return
      }
      recordValue(wrapped, plans.plan(for: type(of: wrapped)), label: label)
    case let .collection(collectionType):
      recordElements(of: value, collectionType, label: label, plan: plan)
    case .enumeration:
      recordEnumeration(value, plan, label: label)
    case .runtimeChildren:
      recordRuntimeChildren(of: value, plan, label: label)
    case .existential:
      let opened = plans.plan(for: type(of: value))
      guard opened !== plan else {
        appendLine(label: label, text: String(reflecting: value))
        return
      }
      recordValue(value, opened, label: label)
    case .registrar:
      return
    case .untraversed:
      appendLine(label: label, text: "(untraversed)")
    case .noncopyable:
      appendLine(label: label, text: "(~Copyable, not entered)")
    }
  }

  /// Records a model in full, or a reference to where it was first recorded;
  /// any other object by its description or its type.
  private mutating func recordObject(_ object: AnyObject, label: String) {
    let objectType = ObjectIdentifier(type(of: object))
    let plan: TypePlan
    if let last = lastObjectPlan, last.type == objectType {
      plan = last.plan
    } else {
      plan = plans.plan(for: type(of: object))
      lastObjectPlan = (objectType, plan)
    }
    guard plan.model != nil else {
      appendLine(label: label, text: Self.opaqueText(of: object, plan))
      return
    }
    let identity = AddressTable<Int>.address(of: object)
    if let enclosing = enclosingModels?[identity] {
      appendLine(label: label, text: "\(plan.name) (line \(enclosing))")
      return
    }
    if let first = firstLineOfModel[identity] {
      appendLine(label: label, text: "\(plan.name) (same as \(path(toLine: first)))")
      return
    }
    firstLineOfModel[identity] = lines.count
    models.append(object)
    modelLines.append(lines.count)
    let line = open(label: label, text: plan.name, kind: .node)
    if let fields = plans.fields(of: plan) {
      modelFrames.append(ModelFrame(object: object, fields: fields, line: line))
      kinds.append(.model)
      return
    }
    // The runtime lists the children of a model whose layout cannot be read, as the walk reads them.
    var values: [Any] = []
    var names: [String] = []
    for level in Reflection.classHierarchy(of: type(of: object)) {
      for index in 0..<Reflection.childCount(of: object, as: level) {
        let child = Reflection.namedChild(of: object, as: level, at: index)
        names.append(child.name)
        values.append(child.value)
      }
    }
    push(ValuesFrame(line: line, values: values, labels: names))
  }

  private static func opaqueText(of object: AnyObject, _ plan: TypePlan) -> String {
    if object is any Actor { return plan.name }
    if let object = object as? any CustomDebugStringConvertible { return object.debugDescription }
    if let object = object as? any CustomStringConvertible { return object.description }
    return plan.name
  }

  /// Records an enum value with payloads: on one line when no model can be
  /// inside, else the case with its payload below it.
  private mutating func recordEnumeration(_ value: Any, _ plan: TypePlan, label: String) {
    // On one line, the case holds no model: compared by `==` if the enum is `Equatable`.
    guard Reflection.childCount(of: value, as: plan.type) > 0 else {
      appendLine(label: label, text: oneLineText(of: value, plan))
      keep(value, plan)
      return
    }
    let payload = Reflection.namedChild(of: value, as: plan.type, at: 0)
    let payloadPlan = plans.plan(for: type(of: payload.value))
    guard payloadPlan.mayHoldModels else {
      appendLine(label: label, text: oneLineText(of: value, plan))
      keep(value, plan)
      return
    }
    let line = open(label: label, text: "." + payload.name, kind: .node)
    push(ValuesFrame(line: line, values: [payload.value], labels: ["0"]))
  }

  /// Records a value whose layout cannot be read by the children the runtime lists.
  private mutating func recordRuntimeChildren(of value: Any, _ plan: TypePlan, label: String) {
    var values: [Any] = []
    var names: [String] = []
    for index in 0..<Reflection.childCount(of: value, as: plan.type) {
      let child = Reflection.namedChild(of: value, as: plan.type, at: index)
      names.append(child.name)
      values.append(child.value)
    }
    let line = open(label: label, text: plan.name, kind: .node)
    push(ValuesFrame(line: line, values: values, labels: names))
  }

  // MARK: - Collections

  /// Records the elements of a standard collection: arrays in order,
  /// labelled by index; dictionaries in the order of their keys' text; sets
  /// in the order of their elements' text.
  private mutating func recordElements(
    of value: Any, _ collectionType: any StandardCollection.Type, label: String, plan: TypePlan
  ) {
    var values = collectionType.elements(of: value)
    let count = values.count
    var labels: [String]?
    let header: String
    switch collectionType.order {
    case .positions:
      header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
    case let .keys(keyType):
      header = count == 0 ? "[:]" : count == 1 ? "1 entry" : "\(count) entries"
      let keyPlan = plans.plan(for: keyType)
      var keyed = zip(collectionType.keys(of: value), values).map {
        (key: oneLineText(of: $0, keyPlan), value: $1)
      }
      if keyPlan.mayHoldModels {
        // The walk reaches models in keys too: show each entry whole, and
        // order entries whose keys read alike by all they show.
        let entries = collectionType.entries(of: value)
        keyed = zip(keyed, entries).map { ($0.key, $1) }
        keyed =
          keyed.map { entry in
            let plan = plans.plan(for: type(of: entry.value))
            return (key: entry.key, order: sortingText(of: entry.value, plan), value: entry.value)
          }
          .sorted { ($0.key, $0.order) < ($1.key, $1.order) }.map { ($0.key, $0.value) }
      } else {
        keyed.sort { $0.key < $1.key }
      }
      values = keyed.map(\.value)
      labels = keyed.map { "[" + $0.key + "]" }
    case .unordered:
      header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
      let elementPlan = plans.plan(for: collectionType.elementType)
      values = values.map { (text: sortingText(of: $0, elementPlan), element: $0) }
        .sorted { $0.text < $1.text }.map(\.element)
    }
    let line = open(label: label, text: header, kind: .collection)
    keep(value, plan)
    push(ValuesFrame(line: line, values: values, labels: labels))
  }

  /// The text a set element is ordered by: its line, or for a model or any
  /// value shown on several lines, its whole printout, so that a set is
  /// shown the same whatever the order it iterates in.
  ///
  /// Only the outermost builder prints elements to order them: the printout
  /// refers to models already shown by their line, and orders the sets it
  /// meets by their elements' lines alone, so no cycle and no nesting of
  /// sets makes it recurse more than once.
  private func sortingText(of element: Any, _ plan: TypePlan) -> String {
    if case let .text(formatter) = plans.form(of: plan) {
      var text = ""
      plan.access.withBytes(of: element) { text = formatter.text(at: $0) }
      return text
    }
    guard enclosingModels == nil else { return plan.name }
    var builder = SnapshotBuilder()
    builder.enclosingModels = firstLineOfModel
    builder.record(element, plan: plans.plan(for: type(of: element)), label: "")
    return SnapshotLine.text(of: builder.lines)
  }

  /// A value on one line: its own format, or a struct, tuple or enum payload
  /// of such values written out as Swift writes them.
  func oneLineText(of value: Any, _ plan: TypePlan) -> String {
    switch plans.form(of: plan) {
    case let .text(formatter):
      var text = ""
      plan.access.withBytes(of: value) { text = formatter.text(at: $0) }
      return text
    case .enumeration:
      if let formatter = describingFormatter(for: plan.type) {
        var text = ""
        plan.access.withBytes(of: value) { text = formatter.text(at: $0) }
        return text
      }
      guard Reflection.childCount(of: value, as: plan.type) > 0 else {
        return "." + String(describing: value)
      }
      let payload = Reflection.namedChild(of: value, as: plan.type, at: 0)
      let payloadText = oneLineText(of: payload.value, plans.plan(for: type(of: payload.value)))
      let isTuple = Reflection.kind(of: type(of: payload.value)) == .tuple
      return "." + payload.name + (isTuple ? payloadText : "(" + payloadText + ")")
    case .fields:
      guard let fields = plans.fields(of: plan), !plan.mayHoldModels else {
        return String(describing: value)
      }
      var parts: [String] = []
      plan.access.withBytes(of: value) { base in
        for field in fields {
          let text = oneLineText(of: field.plan.access.load(from: base + field.offset), field.plan)
          let isPosition = field.name.isEmpty || field.name.allSatisfy(\.isNumber)
          parts.append(isPosition ? text : field.name + ": " + text)
        }
      }
      let isTuple = Reflection.kind(of: plan.type) == .tuple
      return (isTuple ? "" : plan.name) + "(" + parts.joined(separator: ", ") + ")"
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else { return "nil" }
      return oneLineText(of: wrapped, plans.plan(for: type(of: wrapped)))
    case let .collection(collectionType) where !(value is any CustomStringConvertible):
      // An `InlineArray` has no description of its own: its elements, as an array's.
      let element = plans.plan(for: collectionType.elementType)
      let texts = collectionType.elements(of: value).map { oneLineText(of: $0, element) }
      return "[" + texts.joined(separator: ", ") + "]"
    default:
      return String(describing: value)
    }
  }

  // MARK: - Parts of a value

  /// The lines showing what `value` holds, for a value whose own line does
  /// not tell it apart from another: a struct or tuple property by property,
  /// an enum's case with its payload; `nil` when nothing more can be shown.
  ///
  /// Two values that print alike but are not equal are compared by these
  /// lines, so that a difference is shown where it is.
  static func snapshotShowingParts(of value: Any) -> TreeSnapshot? {
    var builder = SnapshotBuilder()
    let plan = builder.plans.plan(for: type(of: value))
    switch Reflection.kind(of: plan.type) {
    case .struct, .tuple:
      guard let fields = builder.plans.fields(of: plan), !fields.isEmpty else { return nil }
      let line = builder.open(label: "", text: plan.name, kind: .node)
      builder.push(ValuesFrame(line: line, value: value, plan: plan, fields: fields))
    case .enum:
      guard Reflection.childCount(of: value, as: plan.type) > 0 else { return nil }
      let payload = Reflection.namedChild(of: value, as: plan.type, at: 0)
      let line = builder.open(label: "", text: plan.name, kind: .node)
      builder.push(ValuesFrame(line: line, values: [payload.value], labels: ["." + payload.name]))
    default:
      return nil
    }
    builder.run()
    return TreeSnapshot(lines: builder.lines, keptValues: builder.keptValues)
  }

  /// Keeps a copy of `value`, shown on the last line opened or appended, if
  /// its type is compared by `==`.
  private mutating func keep(_ value: Any, _ plan: TypePlan) {
    guard !recordsPlacesOnly, let equality = plans.equality(of: plan) else { return }
    var kept: (any KeptValue)?
    plan.access.withBytes(of: value) { kept = equality.keep(at: $0) }
    keep(kept)
  }

  /// Keeps `kept` for the last line opened or appended.
  private mutating func keep(_ kept: (any KeptValue)?) {
    guard let kept else { return }
    lines[lines.count - 1].kept = Int32(truncatingIfNeeded: keptValues.count)
    keptValues.append(kept)
  }

  // MARK: - Lines

  /// Records a line without children.
  private mutating func appendLine(label: String, text: String) {
    lines.append(
      SnapshotLine(
        label: label, text: text, depth: depth, parent: parent, end: lines.count + 1, kind: .leaf))
  }

  /// Records a line whose children follow until the matching ``close(_:)``.
  private mutating func open(label: String, text: String, kind: SnapshotLine.Kind) -> Int {
    let index = lines.count
    lines.append(
      SnapshotLine(label: label, text: text, depth: depth, parent: parent, end: index, kind: kind))
    parent = index
    depth += 1
    return index
  }

  private mutating func close(_ index: Int) {
    lines[index].end = lines.count
    parent = lines[index].parent
    depth -= 1
  }

  /// `[0]`, `[1]`, …: the first labels are made once, since every array uses them.
  private static let indexLabels = (0..<256).map { "[\($0)]" }

  private static func indexLabel(_ offset: Int) -> String {
    if offset < indexLabels.count { return indexLabels[offset] }
    // Its digits written in place: an interpolation costs several times more,
    // once per element of a long array.
    var digits = 1
    var rest = offset / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return String(unsafeUninitializedCapacity: digits + 2) { buffer in
      buffer[0] = UInt8(ascii: "[")
      var value = offset
      for index in stride(from: digits, to: 0, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      buffer[digits + 1] = UInt8(ascii: "]")
      return digits + 2
    }
  }

  // MARK: - Paths

  /// The path from the root to the value on line `index`, such as
  /// `favoriteMovies.movies["Alien"]`, or `root` for the root itself.
  func path(toLine index: Int) -> TreePath {
    SnapshotLine.path(toLine: index, in: lines)
  }

  /// The line of the first position of `model`, if it was recorded.
  func firstLine(of model: AnyObject) -> Int? {
    firstLineOfModel[model]
  }

  /// The path to the first position of `model` among the recorded lines, if it was recorded.
  func path(to model: AnyObject) -> TreePath? {
    firstLineOfModel[model].map(path(toLine:))
  }
}
