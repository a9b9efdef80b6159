/// Walks a tree of models and records one ``SnapshotLine`` per value, in pre-order.
///
/// Each model is shown in full at its first position; every later path to
/// it, shared instance or cycle, becomes a one-line reference to that first
/// position, so a printout always ends.
@MainActor
struct SnapshotBuilder {
  private let layouts = TypeLayouts.shared
  private(set) var lines: [SnapshotLine] = []
  private var firstLineOfModel: [ObjectIdentifier: Int] = [:]
  private var modelFrames: [ModelFrame] = []
  /// The layout of the last object's class: siblings are mostly of one class.
  private var lastObjectLayout: (type: ObjectIdentifier, layout: TypeLayout)?
  private var parent = -1
  private var depth = 0

  // MARK: - Lines

  /// Records a line without children.
  mutating func appendLine(label: String, text: String) {
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

  // MARK: - Values

  /// Records `value` and everything inside it.
  mutating func appendValue<Value>(_ value: Value, label: String) {
    appendValue(value, layout: layouts.layout(for: Value.self), label: label)
  }

  private mutating func appendValue<Value>(_ value: Value, layout: TypeLayout, label: String) {
    switch layout.kind {
    case let .text(formatter):
      withUnsafePointer(to: value) { appendLine(label: label, text: formatter.text(at: $0)) }
    case .model, .object:
      // These layouts are only made for class types, whose values are one reference.
      appendObject(unsafeBitCast(value, to: AnyObject.self), label: label)
    case .fields:
      let index = open(label: label, text: layout.name, kind: .node)
      withUnsafePointer(to: value) { appendFields(of: layout, at: UnsafeRawPointer($0)) }
      close(index)
    case .container:
      guard let container = value as? any TreeContainer else { return }
      container.append(label: label, to: &self)
    case .enumeration:
      appendEnumeration(value, label: label)
    case .registrar:
      return
    case .untraversed:
      appendLine(label: label, text: "(untraversed)")
    case .existential:
      let opened = value as Any
      layouts.layout(for: type(of: opened)).access.append(
        casting: opened, label: label, to: &self)
    }
  }

  /// Records a model in full, or a reference to where it was first recorded;
  /// any other object by its description or its type.
  mutating func appendObject(_ object: AnyObject, label: String) {
    let floor = modelFrames.count
    if startObject(object, label: label) {
      recordModels(downTo: floor)
    }
  }

  /// Records the line of an object, and whether a model's frame was pushed.
  ///
  /// For a model met for the first time, it also pushes the model's frame,
  /// whose properties the caller then records, and returns `true`.
  private mutating func startObject(_ object: AnyObject, label: String) -> Bool {
    let objectType = ObjectIdentifier(type(of: object))
    let layout: TypeLayout
    if let last = lastObjectLayout, last.type == objectType {
      layout = last.layout
    } else {
      layout = layouts.layout(for: type(of: object))
      lastObjectLayout = (objectType, layout)
    }
    guard case .model = layout.kind else {
      appendLine(label: label, text: Self.opaqueText(of: object, layout))
      return false
    }
    let identity = ObjectIdentifier(object)
    if let first = firstLineOfModel[identity] {
      appendLine(label: label, text: "\(layout.name) (same as \(path(toLine: first)))")
      return false
    }
    firstLineOfModel[identity] = lines.count
    let line = open(label: label, text: layout.name, kind: .node)
    let fields = layout.fieldsAreReadable ? layout.fields : []
    modelFrames.append(ModelFrame(object: object, fields: fields, line: line))
    return true
  }

  /// Records the properties of the models on the frame stack above `floor`.
  ///
  /// A model that a property refers to directly (strong, `weak`, `unowned`
  /// or optional) gets a frame of its own instead of a nested call, so a
  /// chain of any length is recorded without growing the call stack; models
  /// inside values (arrays, structs) are recorded by a nested call.
  private mutating func recordModels(downTo floor: Int) {
    while modelFrames.count > floor {
      let top = modelFrames.count - 1
      let frame = modelFrames[top]
      // The frame keeps `object` alive while its fields are read at their offsets.
      let base = UnsafeRawPointer(Unmanaged.passUnretained(frame.object).toOpaque())
      var next = frame.nextField
      var pushedModel = false
      while next < frame.fields.count, !pushedModel {
        let field = frame.fields[next]
        next += 1
        if !field.isReference {
          appendField(field, at: base + field.offset)
        } else if let object = Reflection.loadObject(at: base + field.offset, field.ownership) {
          pushedModel = startObject(object, label: field.name)
        } else {
          appendLine(label: field.name, text: "nil")
        }
      }
      if pushedModel {
        // Resume this model's remaining properties once the new one is done.
        modelFrames[top].nextField = next
      } else {
        close(frame.line)
        modelFrames.removeLast()
      }
    }
  }

  /// One model whose properties are being recorded.
  private struct ModelFrame {
    let object: AnyObject
    let fields: [LayoutField]
    let line: Int
    var nextField = 0

    init(object: AnyObject, fields: [LayoutField], line: Int) {
      self.object = object
      self.fields = fields
      self.line = line
    }
  }

  private static func opaqueText(of object: AnyObject, _ layout: TypeLayout) -> String {
    if object is any Actor { return layout.name }
    if let object = object as? any CustomDebugStringConvertible { return object.debugDescription }
    if let object = object as? any CustomStringConvertible { return object.description }
    return layout.name
  }

  /// Records the stored properties of a struct or tuple laid out at `base`.
  private mutating func appendFields(of layout: TypeLayout, at base: UnsafeRawPointer) {
    for field in layout.fields {
      let address = base + field.offset
      if field.isReference {
        if let object = Reflection.loadObject(at: address, field.ownership) {
          appendObject(object, label: field.name)
        } else {
          appendLine(label: field.name, text: "nil")
        }
      } else {
        appendField(field, at: address)
      }
    }
  }

  /// Records a stored property that is not a direct object reference.
  private mutating func appendField(_ field: LayoutField, at address: UnsafeRawPointer) {
    switch field.layout(in: layouts).kind {
    case let .text(formatter):
      appendLine(label: field.name, text: formatter.text(at: address))
    case .registrar:
      return
    default:
      field.access.append(at: address, label: field.name, to: &self)
    }
  }

  /// Records an enum value with payloads: on one line when no model can be
  /// inside, else the case with its payload below it.
  private mutating func appendEnumeration<Value>(_ value: Value, label: String) {
    let mirror = Mirror(reflecting: value)
    guard let payload = mirror.children.first, let caseName = payload.label else {
      appendLine(label: label, text: "." + String(describing: value))
      return
    }
    let payloadType = type(of: payload.value)
    guard layouts.layout(for: payloadType).mayHoldModels else {
      appendLine(label: label, text: "." + String(describing: value))
      return
    }
    let index = open(label: label, text: "." + caseName, kind: .node)
    layouts.layout(for: payloadType).access.append(casting: payload.value, label: "0", to: &self)
    close(index)
  }

  // MARK: - Collections

  /// Records the elements of an array in order, labelled by index.
  mutating func appendElements<Elements: Collection>(_ elements: Elements, label: String) {
    let count = elements.count
    let header = count == 0 ? "[]" : count == 1 ? "1 element" : "\(count) elements"
    let index = open(label: label, text: header, kind: .collection)
    let layout = layouts.layout(for: Elements.Element.self)
    var offset = 0
    var position = elements.startIndex
    while position != elements.endIndex {
      let element = elements[position]
      switch layout.kind {
      case .model, .object:
        // A class element is one reference; casting it would box it first.
        appendObject(unsafeBitCast(element, to: AnyObject.self), label: Self.indexLabel(offset))
      default:
        appendValue(element, layout: layout, label: Self.indexLabel(offset))
      }
      elements.formIndex(after: &position)
      offset += 1
    }
    close(index)
  }

  /// `[0]`, `[1]`, …: the first labels are made once, since every array uses them.
  private static let indexLabels = (0..<256).map { "[\($0)]" }

  private static func indexLabel(_ offset: Int) -> String {
    offset < indexLabels.count ? indexLabels[offset] : "[\(offset)]"
  }

  /// Records the entries of a dictionary, labelled by key, in the order of their keys' text.
  mutating func appendEntries<Key, Value>(_ entries: [Key: Value], label: String) {
    let count = entries.count
    let header = count == 0 ? "[:]" : count == 1 ? "1 entry" : "\(count) entries"
    let index = open(label: label, text: header, kind: .collection)
    let keyLayout = layouts.layout(for: Key.self)
    let valueLayout = layouts.layout(for: Value.self)
    let keyed = entries.map { (key: Self.oneLineText(of: $0.key, keyLayout), value: $0.value) }
    for entry in keyed.sorted(by: { $0.key < $1.key }) {
      appendValue(entry.value, layout: valueLayout, label: "[\(entry.key)]")
    }
    close(index)
  }

  /// Records the elements of a set in the order of their text, labelled by that position.
  mutating func appendSetElements<Element>(_ elements: Set<Element>, label: String) {
    let layout = layouts.layout(for: Element.self)
    let sorted = elements.map { (text: Self.oneLineText(of: $0, layout), element: $0) }
      .sorted { $0.text < $1.text }
    appendElements(sorted.lazy.map(\.element), label: label)
  }

  private static func oneLineText<Value>(of value: Value, _ layout: TypeLayout) -> String {
    if case let .text(formatter) = layout.kind {
      return withUnsafePointer(to: value) { formatter.text(at: $0) }
    }
    return String(describing: value)
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
