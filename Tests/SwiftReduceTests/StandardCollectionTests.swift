import Testing

@testable import SwiftReduce

/// The standard library's collections as copies see them.
struct StandardCollectionTests {
  private final class Box {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  @Test func arraysAndContiguousArraysOfObjectsAreMappedInOnePass() {
    let source = [Box(1), Box(2)]
    let contiguous = ContiguousArray(source)
    let mappedArray = Self.mapped(source) { Box(($0 as! Box).number * 10) }
    let mappedContiguous = Self.mapped(contiguous) { Box(($0 as! Box).number * 100) }
    #expect(mappedArray?.map(\.number) == [10, 20])
    #expect(mappedContiguous?.map(\.number) == [100, 200])
    #expect(source.map(\.number) == [1, 2])
  }

  @Test func arraysOfValuesAreNotMappedAsObjects() {
    #expect(Self.mapped([1, 2]) { $0 } == nil)
  }

  @Test func slicesAreNotMappedAsObjectsSoTheyKeepTheirIndices() {
    let slice = [Box(1), Box(2), Box(3)][1...]
    #expect(Self.mapped(slice) { $0 } == nil)
  }

  /// `collection` with each object replaced by `transform` of it, or `nil`
  /// when the type does not map objects in one pass.
  private static func mapped<C: StandardCollection>(
    _ collection: C, _ transform: (AnyObject) -> AnyObject
  ) -> C? {
    withUnsafePointer(to: collection) { source in
      let destination = UnsafeMutablePointer<C>.allocate(capacity: 1)
      defer { destination.deallocate() }
      guard C.initializeMappingObjects(at: destination, from: source, transform) else {
        return nil
      }
      return destination.move()
    }
  }
}
