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
  private var firstLineOfModel: [ObjectIdentifier: Int] = [:]
  /// Every model shown, in the order of its first line.
  private(set) var models: [AnyObject] = []
  private var pending: [Pending] = []
  /// The plan of the last object's class: siblings are mostly of one class.
  private var lastObjectPlan: (type: ObjectIdentifier, plan: TypePlan)?
  private var parent = -1
  private var depth = 0

  /// Work waiting on the stack: the rest of an open line's children.
  private enum Pending {
    /// The stored properties of a model or struct, from `next`.
    case fields(owner: Owner, fields: [PlanField], next: Int, line: Int)
    /// The elements of a collection, a payload or a value's runtime children, from `next`.
    case elements(values: [Any], labels: Labels, next: Int, line: Int)
  }

  /// What holds the fields being recorded.
  private enum Owner {
    case object(AnyObject)
    case value(Any, TypePlan)
  }

  /// How the elements of a pending collection are labelled.
  private enum Labels {
    /// `[0]`, `[1]`, …
    case positions
    /// One label per element.
    case given([String])
  }

  // MARK: - Recording

  /// Records the tree below `root`, or one line for an object that is not a model.
  mutating func record(root: AnyObject) {
    if let work = recordObject(root, label: "") { pending.append(work) }
    run()
  }

  /// Records `value`, of the type `plan` describes, and everything inside it.
  mutating func record(_ value: Any, plan: TypePlan, label: String) {
    if let work = recordValue(value, plan, label: label) { pending.append(work) }
    run()
  }

  /// Records pending children until none are left.
  private mutating func run() {
    while let top = pending.indices.last {
      switch pending[top] {
      case let .fields(owner, fields, next, line):
        var position = next
        var child: Pending?
        switch owner {
        case let .object(object):
          // The frame holds `object`, so its fields stay where they are while read.
          let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
          while position < fields.count, child == nil {
            child = recordField(fields[position], at: base)
            position += 1
          }
        case let .value(value, plan):
          plan.access.withBytes(of: value) { base in
            while position < fields.count, child == nil {
              child = recordField(fields[position], at: base)
              position += 1
            }
          }
        }
        guard let child else {
          close(line)
          pending.removeLast()
          continue
        }
        pending[top] = .fields(owner: owner, fields: fields, next: position, line: line)
        pending.append(child)
      case let .elements(values, labels, next, line):
        var position = next
        var child: Pending?
        while position < values.count, child == nil {
          let element = values[position]
          let label: String
          switch labels {
          case .positions: label = Self.indexLabel(position)
          case let .given(texts): label = texts[position]
          }
          child = recordValue(element, plans.plan(for: type(of: element)), label: label)
          position += 1
        }
        guard let child else {
          close(line)
          pending.removeLast()
          continue
        }
        pending[top] = .elements(values: values, labels: labels, next: position, line: line)
        pending.append(child)
      }
    }
  }

  /// Records a stored property; returns the work its open line waits on, if any.
  private mutating func recordField(_ field: PlanField, at base: UnsafeRawPointer) -> Pending? {
    let address = base + field.offset
    if field.isReference {
      guard let object = Reflection.loadObject(at: address, field.ownership) else {
        appendLine(label: field.name, text: "nil")
        return nil
      }
      return recordObject(object, label: field.name)
    }
    let plan = field.plan
    switch plans.presentation(of: plan) {
    case let .text(formatter):
      appendLine(label: field.name, text: formatter.text(at: address))
      return nil
    case .registrar:
      return nil
    case .untraversed:
      appendLine(label: field.name, text: "(untraversed)")
      return nil
    default:
      return recordValue(plan.access.load(from: address), plan, label: field.name)
    }
  }

  /// Records a value; returns the work its open line waits on, if any.
  private mutating func recordValue(_ value: Any, _ plan: TypePlan, label: String) -> Pending? {
    switch plans.presentation(of: plan) {
    case let .text(formatter):
      var text = ""
      plan.access.withBytes(of: value) { text = formatter.text(at: $0) }
      appendLine(label: label, text: text)
    case .model, .object:
      return recordObject(value as AnyObject, label: label)
    case .fields:
      guard let fields = plans.fields(of: plan) else {
        return recordRuntimeChildren(of: value, plan, label: label)
      }
      let line = open(label: label, text: plan.name, kind: .node)
      return .fields(owner: .value(value, plan), fields: fields, next: 0, line: line)
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else {
        appendLine(label: label, text: "nil")
        return nil
      }
      return recordValue(wrapped, plans.plan(for: type(of: wrapped)), label: label)
    case let .collection(collectionType):
      return recordElements(of: value, collectionType, label: label)
    case .enumeration:
      return recordEnumeration(value, plan, label: label)
    case .runtimeChildren:
      return recordRuntimeChildren(of: value, plan, label: label)
    case .existential:
      let opened = plans.plan(for: type(of: value))
      guard opened !== plan else {
        appendLine(label: label, text: String(reflecting: value))
        return nil
      }
      return recordValue(value, opened, label: label)
    case .registrar:
      break
    case .untraversed:
      appendLine(label: label, text: "(untraversed)")
    }
    return nil
  }

  /// Records a model in full, or a reference to where it was first recorded;
  /// any other object by its description or its type.
  private mutating func recordObject(_ object: AnyObject, label: String) -> Pending? {
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
      return nil
    }
    let identity = ObjectIdentifier(object)
    if let first = firstLineOfModel[identity] {
      appendLine(label: label, text: "\(plan.name) (same as \(path(toLine: first)))")
      return nil
    }
    firstLineOfModel[identity] = lines.count
    models.append(object)
    let line = open(label: label, text: plan.name, kind: .node)
    if let fields = plans.fields(of: plan) {
      return .fields(owner: .object(object), fields: fields, next: 0, line: line)
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
    return .elements(values: values, labels: .given(names), next: 0, line: line)
  }

  private static func opaqueText(of object: AnyObject, _ plan: TypePlan) -> String {
    if object is any Actor { return plan.name }
    if let object = object as? any CustomDebugStringConvertible { return object.debugDescription }
    if let object = object as? any CustomStringConvertible { return object.description }
    return plan.name
  }

  /// Records an enum value with payloads: on one line when no model can be
  /// inside, else the case with its payload below it.
  private mutating func recordEnumeration(_ value: Any, _ plan: TypePlan, label: String)
    -> Pending?
  {
    guard Reflection.childCount(of: value, as: plan.type) > 0 else {
      appendLine(label: label, text: oneLineText(of: value, plan))
      return nil
    }
    let payload = Reflection.namedChild(of: value, as: plan.type, at: 0)
    let payloadPlan = plans.plan(for: type(of: payload.value))
    guard payloadPlan.mayHoldModels else {
      appendLine(label: label, text: oneLineText(of: value, plan))
      return nil
    }
    let line = open(label: label, text: "." + payload.name, kind: .node)
    return .elements(values: [payload.value], labels: .given(["0"]), next: 0, line: line)
  }

  /// Records a value whose layout cannot be read by the children the runtime lists.
  private mutating func recordRuntimeChildren(of value: Any, _ plan: TypePlan, label: String)
    -> Pending?
  {
    var values: [Any] = []
    var names: [String] = []
    for index in 0..<Reflection.childCount(of: value, as: plan.type) {
      let child = Reflection.namedChild(of: value, as: plan.type, at: index)
      names.append(child.name)
      values.append(child.value)
    }
    let line = open(label: label, text: plan.name, kind: .node)
    return .elements(values: values, labels: .given(names), next: 0, line: line)
  }

  // MARK: - Collections

  /// Records the elements of a standard collection: arrays in order,
  /// labelled by index; dictionaries in the order of their keys' text; sets
  /// in the order of their elements' text.
  private mutating func recordElements(
    of value: Any, _ collectionType: any StandardCollection.Type, label: String
  ) -> Pending? {
    var values = collectionType.elements(of: value)
    let count = values.count
    var labels = Labels.positions
    let header: String
    switch collectionType.order {
    case .positions:
      header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
    case let .keys(keyType):
      header = count == 0 ? "[:]" : count == 1 ? "1 entry" : "\(count) entries"
      let keyPlan = plans.plan(for: keyType)
      let keyed = zip(collectionType.keys(of: value), values).map {
        (key: oneLineText(of: $0, keyPlan), value: $1)
      }.sorted { $0.key < $1.key }
      values = keyed.map(\.value)
      labels = .given(keyed.map { "[" + $0.key + "]" })
    case .unordered:
      header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
      let elementPlan = plans.plan(for: collectionType.elementType)
      values = values.map { (text: sortingText(of: $0, elementPlan), element: $0) }
        .sorted { $0.text < $1.text }.map(\.element)
    }
    let line = open(label: label, text: header, kind: .collection)
    return .elements(values: values, labels: labels, next: 0, line: line)
  }

  /// The text a set element is ordered by: its line, or for a model or any
  /// value shown on several lines, its whole printout, so that a set is
  /// shown the same whatever the order it iterates in.
  private func sortingText(of element: Any, _ plan: TypePlan) -> String {
    if case let .text(formatter) = plans.presentation(of: plan) {
      var text = ""
      plan.access.withBytes(of: element) { text = formatter.text(at: $0) }
      return text
    }
    var builder = SnapshotBuilder()
    builder.record(element, plan: plans.plan(for: type(of: element)), label: "")
    return TreeSnapshot(lines: builder.lines).description
  }

  /// A value on one line: its own format, or a struct, tuple or enum payload
  /// of such values written out as Swift writes them.
  private func oneLineText(of value: Any, _ plan: TypePlan) -> String {
    switch plans.presentation(of: plan) {
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
    default:
      return String(describing: value)
    }
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
    offset < indexLabels.count ? indexLabels[offset] : "[\(offset)]"
  }

  // MARK: - Paths

  /// The path from the root to the value on line `index`, such as
  /// `favoriteMovies.movies["Alien"]`, or `root` for the root itself.
  func path(toLine index: Int) -> String {
    SnapshotLine.path(toLine: index, in: lines)
  }

  /// The path to the first position of `model` among the recorded lines, if it was recorded.
  func path(to model: AnyObject) -> String? {
    firstLineOfModel[ObjectIdentifier(model)].map(path(toLine:))
  }
}
