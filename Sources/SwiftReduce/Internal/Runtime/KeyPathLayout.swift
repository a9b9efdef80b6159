// The layout of key path objects, read so that the store can check a key path
// before it evaluates one: a subscription, an observed read or a binding whose
// path ran through a row that is gone must not stop the program in the
// standard library's projection, which traps on a position past the end and
// on a forced `nil`.
//
// A `KeyPath` instance holds, after its object header and its 8-byte
// `_kvcKeyPathStringPtr`, a buffer: a 32-bit header whose low 24 bits are the
// size of the components, which start one word later. Each component starts
// with a 32-bit header whose bits 24–30 tell its kind. A stored property's
// low 23 bits are its offset (all ones: the offset follows in 32 bits; above
// ``ComponentHeader/maximumInlineOffset``: not resolved). An optional
// component's low 24 bits tell chaining (`?`), wrapping (the `?` at the end)
// and forcing (`!`); it has no body. A computed component is aligned to a word
// and holds its id, its getter, its setter if it has one, then, for a
// subscript, the size of its arguments, their witnesses, the arguments and one
// word of generic environment. After every component but the last, a
// word-aligned pointer to the metadata of the component's result type follows.
//
// `Array` and `ContiguousArray` subscripts are recognised by comparing their
// header, id and argument size with those of `\[Int].[2]` and
// `\ContiguousArray<Int>.[2]` formed here, where the position is found too.
// `Dictionary`'s subscript by key, only to name a path, by its header and id,
// the same for every key and value type, read off `\[Int: Int].[key]` formed
// here, where the key's place among the arguments is found, and checked on a
// `String` key (``KeyPathLayout/dictionarySubscript``); the key is read as the
// dictionary type's `Key`.
// Where an `Array` may be a bridged `NSArray` (with Objective-C interop, and in
// the portable paths), an `Array`'s count and elements are asked of the array
// (``ArrayThroughItsAPI``) instead of read from its storage.
// Every fact is checked at run time, on key paths formed here, before any
// key path is read this way (``KeyPathLayout/isUnderstood``), and pinned by
// `keyPathsAreCheckedOnEveryPlatformArraysThroughTheirAPIWhereTheyMayBeBridged`
// (KeyPathSubscriptionTests), `aDictionarysStringOrIntegerKeyNamesTheTargetsPath`
// (TargetedDispatchTests) and `RemovedRowReadTests`.

/// The named offsets and bits of a key path object's buffer.
private enum KeyPathBuffer {
  /// Where the buffer's header is, from the start of the `KeyPath` instance.
  static let headerOffset = 24
  /// Where the components start, from the start of the `KeyPath` instance.
  static let componentsOffset = 32
  /// The bits of the buffer's header that hold the components' size in bytes.
  static let sizeMask: UInt32 = 0x00FF_FFFF
}

/// The named bits of a component's 32-bit header.
private enum ComponentHeader {
  static let kindMask: UInt32 = 0x7F00_0000
  static let kindShift: UInt32 = 24
  /// Bit 31 only marks the end of a key path's reference prefix.
  static let endOfReferencePrefix: UInt32 = 0x8000_0000

  static let structKind: UInt32 = 1
  static let computedKind: UInt32 = 2
  static let classKind: UInt32 = 3
  static let optionalKind: UInt32 = 4

  /// A stored property's offset, inline.
  static let offsetMask: UInt32 = 0x007F_FFFF
  /// The inline offset that says the offset follows the header in 32 bits.
  static let outOfLineOffset: UInt32 = 0x007F_FFFF
  /// The largest inline offset; those above it are not resolved yet.
  static let maximumInlineOffset: UInt32 = 0x007F_FFFC

  /// An optional component's payload: `?` in the middle, `?` at the end, `!`.
  static let optionalPayloadMask: UInt32 = 0x00FF_FFFF
  static let optionalChain: UInt32 = 0
  static let optionalWrap: UInt32 = 1
  static let optionalForce: UInt32 = 2

  /// A computed component with a setter holds one more word.
  static let computedSettable: UInt32 = 0x0040_0000
  /// A computed component with arguments is a subscript.
  static let computedHasArguments: UInt32 = 0x0008_0000
}

/// The words of a computed component's body, after its header and padding:
/// the id, the getter, the setter if the header says it is settable, then,
/// for a subscript, the argument size, the witnesses, the arguments and the
/// generic environment.
private enum ComputedBody {
  /// The id and the getter, each one word.
  static let readOnlyPropertySize = 2 * 8
  /// The id, the getter and the setter.
  static let settablePropertySize = 3 * 8
  /// The argument size and the witnesses, before a subscript's arguments.
  static let argumentHeaderSize = 2 * 8
  /// The generic environment word after a subscript's arguments.
  static let genericEnvironmentSize = 8

  /// The size of the id, getter and setter of a component with `header`.
  static func accessorsSize(_ header: UInt32) -> Int {
    header & ComponentHeader.computedSettable != 0 ? settablePropertySize : readOnlyPropertySize
  }

  /// Where a subscript's arguments start, from the start of its body.
  static func argumentsOffset(_ header: UInt32) -> Int {
    accessorsSize(header) + argumentHeaderSize
  }
}

/// One step of a key path that ``KeyPathLayout`` follows in memory.
enum KeyPathStep {
  /// A stored property of a class: follow the reference, then `offset` bytes in.
  case classField(offset: Int)
  /// A stored property of a struct or tuple: `offset` bytes further in.
  case structField(offset: Int)
  /// `Array` or `ContiguousArray` subscript by position: the element at `index`, `stride` bytes
  /// apart; or, for an `Array` read through its own API (``ArrayThroughItsAPI``), a copy of it.
  case arrayElement(index: Int, stride: Int, throughAPI: (any ArrayThroughItsAPI.Type)?)
  /// `!`: the optional here must hold a value, which is stored where it is, since a payload comes first.
  case force(any OptionalStorage.Type)
  /// `?`: when the optional here is `nil`, so is the path's value; else its value is here.
  case chain(any OptionalStorage.Type)
}

/// Where a key path leads from a root, found without evaluating it.
enum KeyPathTarget {
  /// The value is stored at this address, which is good until anything runs.
  case value(UnsafeRawPointer)
  /// The path applies, and the standard library's projection gives its value:
  /// it ends in a computed property, a wrapped optional, or a chain that met `nil`.
  case applies
  /// A position is past the end of its array, or a forced optional is `nil`:
  /// the standard library's projection would stop the program.
  case noLongerApplies
}

/// The parts of a key path the store follows in memory, so that it can tell
/// whether the path still applies before the path is evaluated.
///
/// A path is read up to its first computed component: a computed property
/// (every property of an `@Observable` model is one), or a subscript other
/// than `Array`'s and `ContiguousArray`'s by position. The rest is evaluated
/// by the standard library once the part read is found to apply, and is not
/// checked: a `!` or a position past a computed component stops the program
/// there as it does in Swift.
struct KeyPathLayout {
  let steps: [KeyPathStep]

  /// Whether the path's value is where ``steps`` end, of the path's value type.
  let endsAtValue: Bool

  /// The positions the path's `Array` and `ContiguousArray` subscripts read,
  /// in order, to name the path; they all come before any computed property.
  let positions: [Int]

  /// The key of the path's first computed step after the ``positions``,
  /// when that step is `Dictionary`'s subscript by key.
  ///
  /// It names the path (`byName["ada"]`); the steps end before it.
  let dictionaryKey: Any?

  /// The layout of `keyPath`, whose value is of `valueType`, if the store can check it here.
  init?(of keyPath: AnyKeyPath, valueType: Any.Type) {
    guard Self.isUnderstood else { return nil }
    self.init(parsing: keyPath, valueType: valueType, subscripts: Self.knownSubscripts)
  }

  /// Whether `keyPath` is one property of its root, stored or computed (no
  /// subscript, no optional step), the kind of path an `@Observable` model's
  /// registrar tracks; `nil` when its layout cannot be read here.
  ///
  /// Its buffer then holds that one component and nothing after it: a
  /// stored property's header (and its offset, when out of line), or a
  /// computed property's header, padded to a word, then its accessors.
  static func isOneProperty(_ keyPath: AnyKeyPath) -> Bool? {
    guard isUnderstood, let data = components(of: keyPath), let start = data.baseAddress else {
      return nil
    }
    guard data.count >= 4 else { return false }
    let header = start.load(as: UInt32.self)
    let size: Int
    switch (header & ComponentHeader.kindMask) >> ComponentHeader.kindShift {
    case ComponentHeader.structKind, ComponentHeader.classKind:
      size = header & ComponentHeader.offsetMask == ComponentHeader.outOfLineOffset ? 8 : 4
    case ComponentHeader.computedKind:
      guard header & ComponentHeader.computedHasArguments == 0 else { return false }
      size = 8 + ComputedBody.accessorsSize(header)
    default:
      return false
    }
    return data.count == size
  }

  /// Finds where the path leads from `root`, which the caller keeps alive.
  func target(from root: AnyObject) -> KeyPathTarget {
    // Unretained: the caller keeps the root alive, and nothing runs meanwhile.
    var address = UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
    var isReference = true
    // Elements of arrays read through their API are copies, freed on return;
    // while `address` is inside one, it is no place to read the value from later.
    var copies: [(copy: UnsafeMutableRawPointer, array: any ArrayThroughItsAPI.Type)] = []
    defer { for (copy, array) in copies { array.destroyCopy(copy) } }
    var isInCopy = false
    for step in steps {
      switch step {
      case let .classField(offset):
        if !isReference {
          // An object's fields are the object's, wherever the reference was read.
          address = address.load(as: UnsafeRawPointer.self)
          isInCopy = false
        }
        address += offset
      case let .structField(offset):
        address += offset
      case let .arrayElement(index, _, throughAPI?):
        guard index >= 0, index < throughAPI.count(ofArrayAt: address) else {
          return .noLongerApplies
        }
        let copy = throughAPI.copyElement(at: index, ofArrayAt: address)
        copies.append((copy, throughAPI))
        address = UnsafeRawPointer(copy)
        isInCopy = true
      case let .arrayElement(index, stride, nil):
        let storage = ArrayStorage(ofArrayAt: address)
        guard index >= 0, index < storage.count else { return .noLongerApplies }
        // The storage is shared with the array in the tree, even when read from a copy.
        address = storage.elements + index * stride
        isInCopy = false
      case let .force(optional):
        guard optional.hasWrapped(at: address) else { return .noLongerApplies }
      case let .chain(optional):
        guard optional.hasWrapped(at: address) else { return .applies }
      }
      isReference = false
    }
    return endsAtValue && !steps.isEmpty && !isInCopy ? .value(address) : .applies
  }

  /// Whether a step reads an `Array` through its own API, so that the value
  /// of a path ending in it is found by the standard library's projection.
  var readsAnArrayThroughItsAPI: Bool {
    steps.contains {
      if case .arrayElement(_, _, _?) = $0 { return true }
      return false
    }
  }

  /// How `keyPath` is written, with the positions of its `Array` subscripts.
  ///
  /// The standard library's description shows a subscript as
  /// `.<computed 0x… (Type)>`; those this layout read show as `[2]`.
  func name(of keyPath: AnyKeyPath) -> String {
    Self.written(keyPath) { index, _ in index < positions.count ? "[\(positions[index])]" : nil }
  }

  /// How the standard library writes `keyPath`, with each computed step
  /// replaced by what `computed` makes of it.
  ///
  /// The standard library writes a computed property or a subscript as
  /// `.<computed 0x… (Type)>`, with the address of its accessor; `computed`
  /// is given its place among the computed steps and the name of `Type`,
  /// and one it gives `nil` for is kept as written. `literal` rewrites the
  /// text between computed steps.
  static func written(
    _ keyPath: AnyKeyPath, literal: (Substring) -> Substring = { $0 },
    computed: (_ index: Int, _ type: Substring) -> String?
  ) -> String {
    let text = String(describing: keyPath)
    var name = ""
    var rest = Substring(text)
    var index = 0
    while let start = rest.firstRange(of: ".<computed "),
      let end = rest[start.upperBound...].firstRange(of: ")>")
    {
      name += literal(rest[..<start.lowerBound])
      let type = rest[start.upperBound..<end.lowerBound].drop { $0 != "(" }.dropFirst()
      name += computed(index, type) ?? String(rest[start.lowerBound..<end.upperBound])
      index += 1
      rest = rest[end.upperBound...]
    }
    return name + literal(rest)
  }

  // MARK: - Reading the buffer

  /// An `Array` or `ContiguousArray` subscript by position, as a key path's component records it.
  ///
  /// Internal, like the two below, for the run-time check in `KeyPathLayout+Check.swift`.
  struct KnownSubscript {
    let header: UInt32
    let id: UInt
    let argumentSize: Int
    let positionOffset: Int

    /// The position a subscript of this kind reads, from its arguments.
    func position(in arguments: UnsafeRawPointer) -> Int {
      arguments.load(fromByteOffset: positionOffset, as: Int.self)
    }
  }

  /// The `Array` and `ContiguousArray` subscripts, read off key paths formed
  /// here: in a writable key path, and in a read-only one, where the
  /// component holds no setter.
  static let knownSubscripts: [KnownSubscript] = [
    knownSubscript(\[Int].[2]), knownSubscript(\ContiguousArray<Int>.[2]),
    knownSubscript(\[Int].[2].bitWidth), knownSubscript(\ContiguousArray<Int>.[2].bitWidth),
  ].compactMap { $0 }

  private static func knownSubscript(_ keyPath: AnyKeyPath) -> KnownSubscript? {
    // The position is the one argument word holding 2.
    guard let probe = subscriptProbe(keyPath, holding: 2) else { return nil }
    return KnownSubscript(
      header: probe.header & ~ComponentHeader.endOfReferencePrefix, id: probe.id,
      argumentSize: probe.argumentSize, positionOffset: probe.offset)
  }

  /// The first component of `keyPath`, formed here, a subscript with
  /// `argument` among its arguments: its header, its id, the size of its
  /// arguments and where among them the one word holding `argument` is;
  /// `nil` if it is not such a component or no single word holds it.
  private static func subscriptProbe(
    _ keyPath: AnyKeyPath, holding argument: Int
  ) -> (header: UInt32, id: UInt, argumentSize: Int, offset: Int)? {
    guard MemoryLayout<Int>.size == 8, let data = components(of: keyPath),
      let start = data.baseAddress, data.count >= 4
    else { return nil }
    let header = start.load(as: UInt32.self)
    guard header & ComponentHeader.kindMask == ComponentHeader.computedKind << 24,
      header & ComponentHeader.computedHasArguments != 0,
      data.count >= 8 + ComputedBody.argumentsOffset(header)
    else { return nil }
    let body = start + 8
    let argumentSize = body.load(fromByteOffset: ComputedBody.accessorsSize(header), as: Int.self)
    guard argumentSize > 0, argumentSize % 8 == 0,
      data.count >= 8 + ComputedBody.argumentsOffset(header) + argumentSize
    else { return nil }
    let arguments = body + ComputedBody.argumentsOffset(header)
    let offsets = stride(from: 0, to: argumentSize, by: 8).filter {
      arguments.load(fromByteOffset: $0, as: Int.self) == argument
    }
    guard offsets.count == 1 else { return nil }
    return (header, body.load(as: UInt.self), argumentSize, offsets[0])
  }

  /// The components of a key path object's buffer.
  private static func components(of keyPath: AnyKeyPath) -> UnsafeRawBufferPointer? {
    // Unretained: the caller holds the key path while its buffer is read.
    let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
    let header = (object + KeyPathBuffer.headerOffset).load(as: UInt32.self)
    return UnsafeRawBufferPointer(
      start: object + KeyPathBuffer.componentsOffset, count: Int(header & KeyPathBuffer.sizeMask))
  }

  init?(
    parsing keyPath: AnyKeyPath, valueType: Any.Type, subscripts: [KnownSubscript],
    dictionary: KnownDictionarySubscript? = dictionarySubscript
  ) {
    guard let data = Self.components(of: keyPath), let start = data.baseAddress else { return nil }
    let end = start + data.count
    var cursor = start
    var steps: [KeyPathStep] = []
    var positions: [Int] = []
    // The type of the value the steps so far lead to.
    var current: Any.Type = type(of: keyPath).rootType
    var endsAtValue = true
    var dictionaryKey: Any?
    parsing: while cursor < end {
      let header = cursor.load(as: UInt32.self)
      cursor += 4
      var pendingIndex: Int?
      switch (header & ComponentHeader.kindMask) >> ComponentHeader.kindShift {
      case ComponentHeader.structKind, ComponentHeader.classKind:
        var offset = header & ComponentHeader.offsetMask
        if offset == ComponentHeader.outOfLineOffset {
          offset = cursor.load(as: UInt32.self)
          cursor += 4
        } else if offset > ComponentHeader.maximumInlineOffset {
          return nil
        }
        let isClass = header & ComponentHeader.kindMask == ComponentHeader.classKind << 24
        // The root is an object: the first step must leave it by a class property.
        guard isClass || !steps.isEmpty else { return nil }
        steps.append(isClass ? .classField(offset: Int(offset)) : .structField(offset: Int(offset)))
      case ComponentHeader.optionalKind:
        let payload = header & ComponentHeader.optionalPayloadMask
        if payload == ComponentHeader.optionalWrap {
          // The last component: the value is the optional made of what is here.
          endsAtValue = false
        } else {
          guard let optional = current as? any OptionalStorage.Type else { return nil }
          switch payload {
          case ComponentHeader.optionalChain: steps.append(.chain(optional))
          case ComponentHeader.optionalForce: steps.append(.force(optional))
          default: return nil
          }
        }
      case ComponentHeader.computedKind:
        // Aligned to a word.
        cursor += 4
        guard header & ComponentHeader.computedHasArguments != 0, !steps.isEmpty,
          let known = subscripts.first(where: {
            $0.header == header & ~ComponentHeader.endOfReferencePrefix
              && $0.id == cursor.load(as: UInt.self)
              && cursor.load(fromByteOffset: ComputedBody.accessorsSize(header), as: Int.self)
                == $0.argumentSize
          })
        else {
          // A computed property, or a subscript this reader does not know: the
          // steps end here, and the standard library evaluates the rest once
          // they are found to apply.
          endsAtValue = false
          dictionaryKey = Self.dictionaryKey(of: cursor, header, in: current, known: dictionary)
          break parsing
        }
        let index = known.position(in: cursor + ComputedBody.argumentsOffset(header))
        pendingIndex = index
        positions.append(index)
        cursor +=
          ComputedBody.argumentsOffset(header) + known.argumentSize
          + ComputedBody.genericEnvironmentSize
      default:
        return nil
      }
      // The result type of the component: the next type pointer, or the key path's value type.
      let resultType: Any.Type
      if cursor < end {
        cursor = cursor.alignedUp(for: UnsafeRawPointer.self)
        // A type pointer is a metatype's one word.
        resultType = unsafeBitCast(cursor.load(as: UnsafeRawPointer.self), to: Any.Type.self)
        cursor += MemoryLayout<UnsafeRawPointer>.size
      } else {
        resultType = valueType
      }
      if let index = pendingIndex {
        steps.append(
          .arrayElement(
            index: index, stride: Self.elementStride(of: resultType),
            throughAPI: Self.readsThroughItsAPI(current)))
      }
      current = resultType
    }
    // Read to its end, unless the steps end at a computed component.
    guard cursor == end || !endsAtValue else { return nil }
    self.steps = steps
    self.endsAtValue = endsAtValue
    self.positions = positions
    self.dictionaryKey = dictionaryKey
  }

  // MARK: - Dictionary subscripts

  /// `Dictionary`'s subscript by key, as a key path's component records it:
  /// its header (without the settable bit, which depends on the root) and
  /// id, the same for every key and value type, and where the key is among
  /// its arguments.
  struct KnownDictionarySubscript {
    let header: UInt32
    let id: UInt
    let keyOffset: Int
  }

  /// Read off `\[Int: Int].[key]` formed here, and checked on a `String`
  /// key of another dictionary type; `nil` if either differs, and no
  /// dictionary key is then read.
  static let dictionarySubscript: KnownDictionarySubscript? = {
    // The key is the one argument word holding the probe's key.
    let probeKey = 0x5EED_0000_5EED
    guard let probe = subscriptProbe(\[Int: Int].[probeKey], holding: probeKey) else { return nil }
    let known = KnownDictionarySubscript(
      header: probe.header
        & ~(ComponentHeader.endOfReferencePrefix | ComponentHeader.computedSettable),
      id: probe.id, keyOffset: probe.offset)
    // The same subscript of another key and value type, through a class's property.
    guard
      let layout = KeyPathLayout(
        parsing: \KeyPathDictionaryProbe.byName["probe"],
        valueType: Int?.self, subscripts: [], dictionary: known),
      layout.dictionaryKey as? String == "probe"
    else { return nil }
    return known
  }()

  /// The key of the component at `body` (after its header and padding),
  /// whose header is `header`, reached from a value of `current`, if it is
  /// `Dictionary`'s subscript by key.
  private static func dictionaryKey(
    of body: UnsafeRawPointer, _ header: UInt32, in current: Any.Type,
    known: KnownDictionarySubscript?
  ) -> Any? {
    guard let known, let dictionary = current as? any DictionaryKeyed.Type,
      header & ~(ComponentHeader.endOfReferencePrefix | ComponentHeader.computedSettable)
        == known.header,
      body.load(as: UInt.self) == known.id
    else { return nil }
    let argumentSize = body.load(fromByteOffset: ComputedBody.accessorsSize(header), as: Int.self)
    func read<Key>(_: Key.Type) -> Any? {
      guard known.keyOffset + MemoryLayout<Key>.size <= argumentSize,
        known.keyOffset % MemoryLayout<Key>.alignment == 0
      else { return nil }
      // A copy of the key: the key path keeps its own.
      return (body + ComputedBody.argumentsOffset(header)).load(
        fromByteOffset: known.keyOffset, as: Key.self)
    }
    return _openExistential(dictionary.keyType, do: read)
  }

  /// How an array of type `arrayType` is read where its storage may not be
  /// Swift's: an `Array` through its own API, with Objective-C interop (and
  /// in the portable paths, which take it on Linux too (`Portability`)); `nil` where its
  /// storage is read directly.
  private static func readsThroughItsAPI(_ arrayType: Any.Type) -> (any ArrayThroughItsAPI.Type)? {
    Portability.takesApplePaths ? arrayType as? any ArrayThroughItsAPI.Type : nil
  }

  /// The distance between values of `type` in an array.
  private static func elementStride(of type: Any.Type) -> Int {
    func open<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.stride }
    return _openExistential(type, do: open)
  }
}

/// A `Dictionary` type, asked for the type of its keys.
protocol DictionaryKeyed {
  static var keyType: Any.Type { get }
}

extension Dictionary: DictionaryKeyed {
  static var keyType: Any.Type { Key.self }
}

/// The class `Dictionary`'s subscript is checked through, with a key of
/// another type than the first probe's.
private final class KeyPathDictionaryProbe {
  var byName = ["probe": 1]
}
