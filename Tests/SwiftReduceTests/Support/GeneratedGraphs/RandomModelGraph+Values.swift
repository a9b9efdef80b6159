import Foundation
import SwiftReduce

// Filling the crates of the families of issue 15 (see `ShapeModels+Values.swift`).
extension RandomModelGraph {
  /// Fills `crate` if it belongs to one of these families, and answers whether it did.
  func fillValueShapes(_ crate: Crate) -> Bool {
    switch crate {
    case let crate as ModelViewCrate:
      let family = ShapeFamily.modelViews
      // Slices that start past their array's first element, which is not part of them.
      crate.slice = ([leaf(family)] + leaves(family)).dropFirst()
      crate.nodes = (0...count()).compactMap { _ in node() }.dropFirst()
      let leaves = leaves(family)
      crate.values = Dictionary(uniqueKeysWithValues: zip(leaves.indices, leaves)).values
      let nodes = (0..<count()).compactMap { _ in node() }
      crate.nodeValues =
        Dictionary(nodes.map { ("n\($0.id)", $0) }, uniquingKeysWith: { $1 })
        .values
    case let crate as EnumPayloadCrate:
      fillEnumPayloads(crate)
    case let crate as ValueModelCrate:
      fillValueModels(crate)
    case let crate as FrozenValueCrate:
      fillFrozenValueModels(crate)
    case let crate as IdentitySetCrate:
      let family = ShapeFamily.identitySets
      crate.emblems = Set((0...count()).map { _ in Emblem(id: newID(family), log: log) })
      crate.groups = (0..<count()).map { _ in
        // The crate's own emblems again, and new ones.
        Set(crate.emblems.filter { _ in chance(2) })
          .union((0..<count()).map { _ in Emblem(id: newID(family), log: log) })
      }
    default:
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
        let crate = crate as? ValueCrate
      {
        fillValues(crate)
        return true
      }
      return false
    }
    return true
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  private func fillValues(_ crate: ValueCrate) {
    let family = ShapeFamily.opaqueValues
    crate.identifier = ObjectIdentifier(pickObject() ?? crate)
    crate.job = chance(2) ? Task {} : nil
    crate.vector = SIMD4(repeating: Float(count()) + 0.5)
    crate.wide = Int128(count()) << 100 - 1
    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
      crate.half = Float16(count()) + 0.25
    #endif
    // Pointers are never dereferenced: the crate's own address, one past it.
    let base = UnsafeRawPointer(Unmanaged.passUnretained(crate).toOpaque())
    crate.address = chance(2) ? base : nil
    crate.handle = chance(2) ? OpaquePointer(base.advanced(by: count() + 1)) : nil
    crate.identifiers = Set(
      (0..<count()).compactMap { _ in pickObject().map { ObjectIdentifier($0) } })
    crate.leaf = optionalLeaf(family)
    crate.link = URL(string: "https://example.com/\(count())?page=\(count())")
    crate.bytes = Data(repeating: UInt8(count()), count: count() * 8)
    crate.stamp = Date(timeIntervalSinceReferenceDate: Double(count()) * 1_000 + 0.25)
    crate.indexes = IndexSet((0..<count()).map { $0 * 2 })
    crate.note = AttributedString("note \(count())")
    crate.leaves = leaves(family)
  }

  private func fillEnumPayloads(_ crate: EnumPayloadCrate) {
    let family = ShapeFamily.enumPayloads
    crate.duty = chance(3) ? .off : .on(leaf(family))
    let crew = leaves(family)
    crate.crew = crew
    crate.shared = crew.first.map(Duty.on) ?? .off
    let steward = Steward(id: newID(family), log: log, crate: crate)
    crate.stewardship = .paired(steward, optionalLeaf(family))
    crate.duties = (0..<count()).map { _ in
      chance(2) ? .on(leaf(family)) : pick(crew).map(Duty.on) ?? .off
    }
  }
}
