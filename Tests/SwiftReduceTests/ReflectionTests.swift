import Testing

@testable import SwiftReduce

/// Pins each fact about the Swift ABI that `Reflection` relies on for
/// printing and copying trees.
struct ReflectionTests {
  /// A class whose instance size is known: a 16-byte header, an `Int`, a `Bool`.
  private final class Sized {
    var number = 0
    var flag = false
  }

  @Test func namedFieldsFollowStoredFieldOrder() throws {
    let names = try #require(Reflection.storedFieldNames(of: Bookshop.self))
    let fields = try #require(Reflection.storedFields(of: Bookshop.self))
    #expect(names == ["owner", "stock"])
    #expect(fields.map(\.offset) == [16, 32])
  }

  @Test func fieldRecordsTellAVarFromALet() throws {
    let classFields = try #require(Reflection.storedFields(of: Mutability.self))
    #expect(classFields.map(\.isVar) == [true, false, true])
    let structFields = try #require(Reflection.storedFields(of: MutabilityValue.self))
    #expect(structFields.map(\.isVar) == [false, true])
    let tupleFields = try #require(Reflection.storedFields(of: (Int, String).self))
    #expect(tupleFields.map(\.isVar) == [true, true])
  }

  @Test func fieldRecordsTellReferenceOwnership() throws {
    let fields = try #require(Reflection.storedFields(of: Ownerships.self))
    #expect(fields.map(\.ownership) == [.strong, .weak, .unowned, .unmanaged, .strong])
    #expect(fields.allSatisfy { $0.type == Ownerships.self || $0.type == Ownerships?.self })
  }

  @Test func uniquenessIsAskedOfArrayStorageWithoutARetain() throws {
    // Made at run time: an optimised build makes a literal's storage a
    // static object, which is never uniquely referenced.
    var array = (1...3).map { $0 }
    // An array is one reference to its storage object.
    let storage = try #require(UnsafeRawPointer(bitPattern: unsafeBitCast(array, to: UInt.self)))
    #expect(RuntimeFunctions.isUniquelyReferenced(storage))
    let copy = array
    #expect(!RuntimeFunctions.isUniquelyReferenced(storage))
    array.append(4)
    #expect(copy == [1, 2, 3])
  }

  @Test func theRuntimeEntryPointsAreFoundByName() {
    #expect(RuntimeFunctions.beginAccess != nil)
    #expect(RuntimeFunctions.endAccess != nil)
    #expect(RuntimeFunctions.allocateObject != nil)
    #expect(RuntimeFunctions.projectBox != nil)
    #expect(RuntimeFunctions.canAskUniqueness)
  }

  @Test func instanceSizeAndAlignmentComeFromClassMetadata() {
    let metadata = TypeMetadata(Sized.self)
    #expect(metadata.instanceSize == 25)
    #expect(metadata.instanceAlignmentMask == 7)
  }

  @Test func allocatedInstanceRunsItsDeinit() throws {
    Counted.deinitialized = 0
    do {
      let instance = try #require(HeapObject.allocateUninitializedInstance(of: Counted.self))
      let address = Unmanaged.passUnretained(instance).toOpaque()
      (address + 16).initializeMemory(as: Int.self, repeating: 42, count: 1)
      #expect((instance as? Counted)?.pages == 42)
    }
    #expect(Counted.deinitialized == 1)
  }

  @Test func weakExistentialFieldKeepsItsWitnessTable() throws {
    let depot = Depot()
    let messenger = Messenger(depot: depot)
    messenger.delegate = depot
    let fields = try #require(Reflection.storedFields(of: Messenger.self))
    #expect(fields[0].ownership == .weak)
    #expect(MemoryLayout<(any Reducer)?>.size == 2 * MemoryLayout<Int>.size)
    let base = UnsafeRawPointer(Unmanaged.passUnretained(messenger).toOpaque())
    #expect(ObjectReference(base + fields[0].offset).object(.weak) === depot)
    let other = Depot()
    ObjectReference.replace(
      at: UnsafeMutableRawPointer(mutating: base + fields[0].offset), ownership: .weak,
      with: other)
    #expect(messenger.delegate === other)
    #expect(messenger.delegate is Depot)
  }
}

/// A class with `var`s around a `let`.
private final class Mutability {
  var first = 0
  let second = ""
  weak var third: Mutability?
}

/// A class with a property of each reference ownership, and a strong optional last.
private final class Ownerships {
  var strong: Ownerships?
  weak var weak: Ownerships?
  unowned var owner: Ownerships
  unowned(unsafe) var unsafeOwner: Ownerships
  var last: Ownerships?

  init(owner: Ownerships) {
    self.owner = owner
    self.unsafeOwner = owner
  }
}

/// A struct with a `let` and a `var`.
private struct MutabilityValue {
  let first: Int
  var second: String
}
