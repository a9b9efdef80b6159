@_spi(Reflection) import Swift
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// Pins the facts about runtime layouts that `Runtime/` reads directly, each
/// by the name its layout struct gives: array storage, heap object headers,
/// type context descriptors and existential metadata.
struct RuntimeLayoutTests {
  private final class Token {}

  private enum Signal {
    case on
    case off
  }

  private enum Reading {
    case none
    case value(Int)
  }

  private actor Treasury {}

  @Test func arrayStorageHoldsTheCountThenTheElements() {
    // Made at run time: an optimised build makes a literal's storage a static object.
    let array = (1...3).map { $0 * 10 }
    let first = array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    withUnsafePointer(to: array) { pointer in
      let storage = ArrayStorage(ofArrayAt: UnsafeRawPointer(pointer))
      #expect(storage.count == 3)
      #expect(storage.elements == first)
      let elements = storage.elements.assumingMemoryBound(to: Int.self)
      #expect([elements[0], elements[1], elements[2]] == [10, 20, 30])
    }
  }

  @Test func anArrayReadThroughItsAPICountsAndCopiesTheElementAskedFor() {
    final class Row {
      let title: String
      init(_ title: String) { self.title = title }
    }
    let rows = [Row("a"), Row("b")]
    let titles = ["first", "second", "third"]
    withUnsafePointer(to: rows) { pointer in
      let array = UnsafeRawPointer(pointer)
      #expect([Row].count(ofArrayAt: array) == 2)
      let copy = [Row].copyElement(at: 1, ofArrayAt: array)
      // A copy of a reference: the same object, kept alive until the copy is destroyed.
      #expect(copy.load(as: Row.self) === rows[1])
      [Row].destroyCopy(copy)
    }
    withUnsafePointer(to: titles) { pointer in
      let array = UnsafeRawPointer(pointer)
      #expect([String].count(ofArrayAt: array) == 3)
      let copy = [String].copyElement(at: 2, ofArrayAt: array)
      #expect(copy.assumingMemoryBound(to: String.self).pointee == "third")
      [String].destroyCopy(copy)
    }
  }

  @Test func classKeyIsTheObjectsMetadata() {
    let token = Token()
    withExtendedLifetime(token) {
      let object = UnsafeRawPointer(Unmanaged.passUnretained(token).toOpaque())
      #expect(HeapObject(object).metadata == TypeMetadata(Token.self).address)
      #expect(HeapObject(object).classKey == UInt(bitPattern: ObjectIdentifier(Token.self)))
      #expect(ObjectIdentifier(HeapObject(object).classType) == ObjectIdentifier(Token.self))
    }
  }

  @Test func actorClassesAreToldFromTheirDescriptor() throws {
    #expect(try #require(TypeContextDescriptor(of: Treasury.self)).isActor)
    #expect(try !#require(TypeContextDescriptor(of: Token.self)).isActor)
    #expect(TypeContextDescriptor(of: (Int, Int).self) == nil)
  }

  @Test func typeContextDescriptorNamesTheType() throws {
    #expect(try #require(TypeContextDescriptor(of: Treasury.self)).name == "Treasury")
    #expect(try #require(TypeContextDescriptor(of: Signal.self)).name == "Signal")
    #expect(try #require(TypeContextDescriptor(of: [Int: String].self)).name == "Dictionary")
  }

  @Test func enumDescriptorCountsPayloadCases() throws {
    #expect(try #require(TypeContextDescriptor(of: Signal.self)).enumPayloadCaseCount == 0)
    #expect(try #require(TypeContextDescriptor(of: Reading.self)).enumPayloadCaseCount == 1)
    #expect(Reflection.enumHasNoPayloadCases(Signal.self))
    #expect(!Reflection.enumHasNoPayloadCases(Reading.self))
  }

  @Test func classBoundExistentialsAreStoredAsOneReference() {
    #expect(TypeMetadata(AnyObject.self).isClassBoundExistential)
    #expect(TypeMetadata((any Reducer).self).isClassBoundExistential)
    #expect(!TypeMetadata(Any.self).isClassBoundExistential)
    #expect(!TypeMetadata((any Sendable).self).isClassBoundExistential)
    #expect(ObjectReference.isStored(as: Token.self))
    #expect(ObjectReference.isStored(as: AnyObject?.self))
    #expect(!ObjectReference.isStored(as: Any.self))
    #expect(!ObjectReference.isStored(as: Int?.self))
    let token: AnyObject? = Token()
    withUnsafePointer(to: token) { pointer in
      let reference = ObjectReference(UnsafeRawPointer(pointer))
      #expect(reference.object(.strong) === token)
      #expect(ObjectReference.object(in: token) === token)
    }
  }

  // MARK: - The raw buffers of our own

  @Test func aStringCopiedWhereItIsStoredIsAStringOfItsOwn() {
    #expect(StringLayout.isTwoWords)
    let original = String(repeating: "long ", count: 8)
    withUnsafePointer(to: original) { pointer in
      let string = UnsafeRawPointer(pointer)
      let copy = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
      defer { copy.deallocate() }
      StringLayout.initializeCopy(at: copy, of: string)
      #expect(copy.load(as: String.self) == original)
      destroyString(copy)
    }
    // The copy released, the original still holds its storage.
    #expect(original == String(repeating: "long ", count: 8))
  }

  @Test func aByteArenaAlignsEachReservationAndKeepsItsBytesWhenItGrows() {
    var arena = ByteArena(capacity: 16)
    defer { arena.free() }
    #expect(arena.reserve(8, alignment: 8) == 0)
    Words.store(0xFEED, to: arena.address(0))
    #expect(arena.reserve(1, alignment: 1) == 8)
    #expect(arena.reserve(16, alignment: 16) == 16)
    #expect(arena.capacity >= 32 && arena.used == 32)
    #expect(Words.load(arena.address(0)) == 0xFEED)
    #expect(Int(bitPattern: arena.address(16)) % 16 == 0)
    #expect(Int(bitPattern: arena.address(0)) % ByteArena.alignment == 0)
    arena.removeAll()
    #expect(arena.used == 0 && arena.nextOffset(alignedTo: 8) == 0)
  }

  @Test func copyRecordsStepFromEachRecordToTheNextAndAlignEachBlock() {
    var records = CopyRecords()
    defer { records.free() }
    let model: [UInt64] = [0, 11, 22, 33]
    model.withUnsafeBytes { model in
      let span = model.baseAddress.unsafelyUnwrapped + 8
      // A span of three words with a note after them, a block of 20 bytes at
      // 16, and a span of one word: each header at the first word after the
      // block before it.
      let first = records.append(span: span, words: 3, blockWords: 4)
      let second = records.append(object: span, size: 20, alignment: 16)
      let third = records.append(span: span, words: 1, blockWords: 1)
      #expect([first, second, third] == [16, 64, 104])
      #expect(records.count == 3 && records.used == 112)
      guard var cursor = records.first() else {
        Issue.record("no first record")
        return
      }
      #expect(cursor.span == span && cursor.words == 3)
      #expect(cursor.spanBlock == records.block(at: first))
      cursor.advance()
      #expect(cursor.words == -1)
      cursor.advance(pastBlockAt: records.block(at: second), size: 20)
      #expect(cursor.span == span && cursor.words == 1)
      #expect(cursor.spanBlock == records.block(at: third))
    }
    #expect(Int(bitPattern: records.block(at: 64)) % 16 == 0)
  }

  @Test(arguments: 1...6)
  func wordsTellWhetherAnyWordDiffersAndCopyThoseMarked(count: Int) {
    let first: [UInt64] = [1, 2, 3, 4, 5, 6]
    var second = first
    #expect(
      first.withUnsafeBytes { first in
        second.withUnsafeBytes { second in
          Words.differ(
            first.baseAddress.unsafelyUnwrapped, second.baseAddress.unsafelyUnwrapped,
            count: count)
        }
      } == false)
    second[count - 1] = 9
    #expect(
      first.withUnsafeBytes { first in
        second.withUnsafeBytes { second in
          Words.differ(
            first.baseAddress.unsafelyUnwrapped, second.baseAddress.unsafelyUnwrapped,
            count: count)
        }
      } == true)
    var copy = first
    second.withUnsafeBytes { second in
      copy.withUnsafeMutableBytes { copy in
        Words.copy(
          marked: 1 << UInt64(count - 1), to: copy.baseAddress.unsafelyUnwrapped,
          from: second.baseAddress.unsafelyUnwrapped)
      }
    }
    #expect(copy == second)
  }

  @Test(arguments: [3, 5])
  func wordsMarksTheWordsThatDiffer(count: Int) {
    let first: [UInt64] = [1, 2, 3, 4, 5]
    let second: [UInt64] = [1, 9, 3, 4, 9]
    first.withUnsafeBytes { first in
      second.withUnsafeBytes { second in
        let changed = Words.changed(
          first.baseAddress.unsafelyUnwrapped, second.baseAddress.unsafelyUnwrapped,
          count: count)
        #expect(changed == (count == 3 ? 0b10 : 0b10010))
      }
    }
  }
}

// MARK: - Swift 6 shapes

extension RuntimeLayoutTests {
  /// A property whose type really is `()`.
  private struct Unit {
    var nothing: () = ()
    var count = 1
  }

  @Test func noncopyablePropertiesAreDescribedAsEmptyTuples() throws {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
      return
    }
    var described: [String] = []
    _ = _forEachField(of: LockedLedger.self, options: _EachFieldOptions(rawValue: 1)) {
      name, _, type, _ in
      described.append("\(String(cString: name)): \(type)")
      return true
    }
    #expect(described == ["openings: Int", "guarded: ()", "visits: ()"])
    let fields = try #require(Reflection.storedFields(of: LockedLedger.self))
    #expect(fields.map { $0.type == NoncopyableField.self } == [false, true, true])
    let unit = try #require(Reflection.storedFields(of: Unit.self))
    #expect(unit.map { $0.type == Void.self } == [true, false])
  }

  @Test func inlineArrayStorageIsABuiltinFixedArray() throws {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
      return
    }
    var storage: [(name: String, type: Any.Type)] = []
    _ = _forEachField(of: InlineArray<3, Int>.self, options: []) { name, _, type, _ in
      storage.append((String(cString: name), type))
      return true
    }
    let only = try #require(storage.first)
    #expect(storage.count == 1)
    #expect(only.name == "_storage")
    #expect(RuntimeFunctions.metadataKind(of: only.type) == TypeKind.fixedArrayMetadataKind)
    #expect(Reflection.kind(of: only.type) == .fixedArray)
  }

  @Test func inlineArrayElementsLieInlineAStrideApart() throws {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
      return
    }
    var array: InlineArray<3, Int> = [10, 20, 30]
    #expect(MemoryLayout<InlineArray<3, Int>>.size == 3 * MemoryLayout<Int>.stride)
    try withUnsafeMutablePointer(to: &array) { pointer in
      let start = UnsafeMutableRawPointer(pointer)
      let elements = try #require(InlineArray<3, Int>.elementAddresses(at: start))
      #expect(elements.first == start)
      #expect(elements.stride == MemoryLayout<Int>.stride)
      #expect(elements.count == 3)
      #expect(start.load(fromByteOffset: 2 * elements.stride, as: Int.self) == 30)
    }
  }

  @Test func managedBufferSubclassesAreToldByTheirDescriptor() {
    #expect(TailAllocation.isManagedBuffer(Spool.self))
    #expect(TailAllocation.isManagedBuffer(ManagedBuffer<Int, String>.self))
    #expect(!TailAllocation.isManagedBuffer(Bulb.self))
  }
}
