import Observation

/// Copies a tree of models deeply, keeping its shape, without calling any initialiser.
///
/// Every model reachable from the root, through the same paths the routing
/// walk takes, is copied once: a model shared by two paths is one copy shared
/// by both, `weak` and `unowned` references point at copies, and cycles are
/// copied as cycles. Instances of other classes and actors are shared, and
/// `@Untraversed` storage is copied as a value without looking inside.
///
/// A copy is made in two steps, so that neither a deep chain of models nor a
/// wide array of them recurses: ``copyObject(_:)`` allocates an instance and
/// queues it, and ``copyTree(_:)`` fills queued instances field by field with
/// each field type's own copy, until the queue is empty. An Observation
/// registrar is made afresh, so observers of the original are not told of
/// changes to the copy.
///
/// Models inside enum payloads, and inside collections other than `Optional`,
/// `Array`, `ContiguousArray`, `Dictionary` values and `Set`, are shared.
@MainActor
final class ModelCopier {
  private let layouts = TypeLayouts.shared
  private var copies: [ObjectIdentifier: AnyObject] = [:]
  /// The originals, kept alive while copying so that their identities stay unique.
  private var originals: [AnyObject] = []
  private var pending: [(original: AnyObject, copy: AnyObject, layout: TypeLayout)] = []

  /// The models that could not be copied because their layout cannot be read.
  private(set) var uncopyableTypes: [String] = []

  /// Every copy made, in the order they were made; holding them keeps alive
  /// copies that only `weak` references point at.
  private(set) var allCopies: [AnyObject] = []

  /// Copies the tree below `root` and returns the copy of `root`.
  func copyTree(_ root: AnyObject) -> AnyObject {
    let rootCopy = copyObject(root)
    while let next = pending.popLast() {
      fill(next.copy, from: next.original, next.layout)
    }
    return rootCopy
  }

  /// The copy of a model, made and queued on first request, or `object`
  /// itself when it is not a model.
  func copyObject(_ object: AnyObject) -> AnyObject {
    let identity = ObjectIdentifier(object)
    if let copy = copies[identity] { return copy }
    let layout = layouts.layout(for: type(of: object))
    guard case .model = layout.kind else { return object }
    guard layout.fieldsAreReadable else {
      if !uncopyableTypes.contains(layout.name) { uncopyableTypes.append(layout.name) }
      return object
    }
    guard let copy = Reflection.allocateUninitializedInstance(of: type(of: object)) else {
      if !uncopyableTypes.contains(layout.name) { uncopyableTypes.append(layout.name) }
      return object
    }
    copies[identity] = copy
    originals.append(object)
    allCopies.append(copy)
    pending.append((object, copy, layout))
    return copy
  }

  /// A copy of `value` whose models are copies.
  func copy<Value>(_ value: Value) -> Value {
    let layout = layouts.layout(for: Value.self)
    guard layout.mayHoldModels else { return value }
    switch layout.kind {
    case .model, .object:
      // Only class types have these layouts, and a copy has its original's class.
      let object = unsafeBitCast(value, to: AnyObject.self)
      return unsafeBitCast(copyObject(object), to: Value.self)
    case .fields:
      var copy = value
      // The copy owns its fields, so the models in it can be replaced in place.
      withUnsafeMutablePointer(to: &copy) {
        copyFields(of: layout, at: UnsafeMutableRawPointer($0))
      }
      return copy
    case .container:
      guard let container = value as? any TreeContainer else { return value }
      return container.copyingModels(with: self) as? Value ?? value
    case .existential:
      let opened = value as Any
      let copy = layouts.layout(for: type(of: opened)).access.copy(casting: opened, with: self)
      return copy as? Value ?? value
    case .text, .enumeration, .registrar, .untraversed:
      return value
    }
  }

  // MARK: - Fields

  /// Initialises every stored property of `copy` from `original`.
  private func fill(_ copy: AnyObject, from original: AnyObject, _ layout: TypeLayout) {
    // `originals` and `allCopies` keep both instances alive while their fields are
    // read and initialised at the offsets of the layout.
    let source = UnsafeRawPointer(Unmanaged.passUnretained(original).toOpaque())
    let destination = Unmanaged.passUnretained(copy).toOpaque()
    for field in layout.fields {
      let from = source + field.offset
      let to = destination + field.offset
      if field.isReference {
        let object = Reflection.loadObject(at: from, field.ownership).map(copyObject)
        Reflection.initializeReference(
          at: to, copying: from, size: field.size, ownership: field.ownership, to: object)
      } else if case .registrar = field.layout(in: layouts).kind {
        to.bindMemory(to: ObservationRegistrar.self, capacity: 1)
          .initialize(to: ObservationRegistrar())
      } else {
        field.access.initializeCopy(at: to, from: from, with: self)
      }
    }
  }

  /// Replaces the models inside the struct or tuple at `base` with copies.
  private func copyFields(of layout: TypeLayout, at base: UnsafeMutableRawPointer) {
    for field in layout.fields {
      let address = base + field.offset
      if field.isReference {
        guard let object = Reflection.loadObject(at: address, field.ownership) else { continue }
        let copy = copyObject(object)
        if copy !== object {
          Reflection.replaceReference(at: address, ownership: field.ownership, with: copy)
        }
      } else if field.layout(in: layouts).mayHoldModels {
        field.access.copyInPlace(at: address, with: self)
      }
    }
  }
}
