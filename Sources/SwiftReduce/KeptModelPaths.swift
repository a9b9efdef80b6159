/// The paths of the models of a tree, kept while its shape does not change:
/// how a listener of patches names the models they changed without a walk
/// of the whole tree on every change.
///
/// A model's path changes only when a value that may hold models changes
/// (an element of an array of models inserted, a model replaced) or, in a
/// tree that holds models in sets or as dictionary keys, when a model's text
/// does; so every model's path is found once, kept, and found anew only
/// after such a change, or for a model not found before. The paths are those
/// ``Patch/patches(of:in:)`` finds with a snapshot.
@MainActor
final class KeptModelPaths {
  let root: AnyObject
  /// Each model's path, as a snapshot's first line of it; `nil` until needed after a change of shape.
  private var paths: [ObjectIdentifier: TreePath]?
  /// Whether a model's path may change with its text: it is held in a set or as a key.
  private let followsText: Bool

  init(root: AnyObject) {
    self.root = root
    var checked = Set<ObjectIdentifier>()
    followsText = Self.holdsModelsByValue(PlanCache.shared.plan(for: type(of: root)), &checked)
  }

  /// The patches of `changes`, each model's path as it is now.
  func patches(of changes: [Change]) -> [Patch] {
    let plans = PlanCache.shared
    let changesShape =
      followsText || changes.contains { $0.editedPlan(in: plans).mayHoldModels }
    if changesShape {
      paths = nil
      return Patch.patches(of: changes, in: root)
    }
    let known = paths ?? allPaths()
    paths = known
    var patches: [Patch] = []
    patches.reserveCapacity(changes.count)
    for change in changes {
      guard let path = known[ObjectIdentifier(change.model)] else {
        // A model outside the tree, or one not met yet: found as onPatches finds it.
        paths = nil
        return Patch.patches(of: changes, in: root)
      }
      patches.append(Patch(change, modelPath: path))
    }
    return patches
  }

  private func allPaths() -> [ObjectIdentifier: TreePath] {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    var found: [ObjectIdentifier: TreePath] = [:]
    found.reserveCapacity(builder.models.count)
    for model in builder.models {
      if let path = builder.path(to: model) { found[ObjectIdentifier(model)] = path }
    }
    return found
  }

  /// Whether values of `plan`'s type may hold models in a set or as a
  /// dictionary's keys, where a model's path is written with its text.
  private static func holdsModelsByValue(_ plan: TypePlan, _ checked: inout Set<ObjectIdentifier>)
    -> Bool
  {
    guard plan.mayHoldModels, checked.insert(ObjectIdentifier(plan.type)).inserted else {
      return false
    }
    let plans = PlanCache.shared
    switch plans.form(of: plan) {
    case .model, .fields:
      return plans.fields(of: plan)?.contains {
        holdsModelsByValue(plans.plan(for: $0.type), &checked)
      } ?? true
    case let .optional(optionalType):
      return holdsModelsByValue(plans.plan(for: optionalType.wrappedType), &checked)
    case let .collection(collectionType):
      switch collectionType.order {
      case .unordered: return true
      case let .keys(keyType) where plans.plan(for: keyType).mayHoldModels: return true
      default:
        let stored =
          (collectionType as? any EditableCollection.Type)?.storedElementType
          ?? collectionType.elementType
        return holdsModelsByValue(plans.plan(for: stored), &checked)
      }
    case .text, .registrar, .untraversed, .noncopyable, .object:
      return false
    case .enumeration, .runtimeChildren, .existential:
      // Whatever it holds is not known from its type: treated as text-named.
      return true
    }
  }
}
