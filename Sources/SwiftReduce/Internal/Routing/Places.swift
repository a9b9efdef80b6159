// What the walk keeps to find a place again after user code ran.
//
// A `reduce(action:)`, a `deinit` or an `onChange` may change any container
// above or beside the model running it (routing rule 13). So nothing the walk
// read from a container is used after such a call without being checked: a
// frame remembers where its contents were read (`Origin`), a value entered in
// place remembers what its address is derived from (`Anchor`), and a
// collection iterated in place remembers the inline words it had (`PlaceCursor`).
// Before a frame is used, the walk reads those places again from the nearest
// class model, which it holds, so it never follows a pointer into storage that
// was replaced or freed.

/// Where a frame's contents were read, so the walk can tell whether they are still there.
///
/// One word: zero for contents that are not checked (the root, a `weak`
/// reference, what the runtime's reflection shows), a field address in a
/// class instance (aligned, so its low bits are clear), a place and an offset
/// in it (tag 1), or a copied value's source (tag 2).
struct Origin: Equatable {
  let bits: UInt

  static let none = Origin(bits: 0)

  /// The field at `address` in a class instance the walk holds; it never moves.
  static func field(_ address: UnsafeRawPointer) -> Origin {
    let bits = UInt(bitPattern: address)
    assert(bits & 0b111 == 0, "a field holding a reference is word-aligned")
    return Origin(bits: bits)
  }

  /// The field `offset` bytes into the value entered in place at index `place`.
  static func inPlace(_ place: Int, offset: Int) -> Origin {
    assert(offset >= 0 && offset < 1 << 21 && place >= 0 && place < 1 << 40)
    return Origin(bits: UInt(place) << 24 | UInt(offset) << 3 | 1)
  }

  /// A value copied out of a field, whose source is at index `source`.
  static func copied(_ source: Int) -> Origin {
    Origin(bits: UInt(source) << 3 | 2)
  }

  /// The field address, for a field of a class instance; checked first, as the common case.
  @inline(__always)
  var fieldAddress: UnsafeRawPointer? {
    bits & 0b111 == 0 ? UnsafeRawPointer(bitPattern: bits) : nil
  }

  enum Kind {
    case none
    case field(UnsafeRawPointer)
    case inPlace(place: Int, offset: Int)
    case copied(source: Int)
  }

  @inline(__always)
  var kind: Kind {
    switch bits & 0b111 {
    case 0:
      guard let address = UnsafeRawPointer(bitPattern: bits) else { return .none }
      return .field(address)
    case 1: return .inPlace(place: Int(bits >> 24), offset: Int((bits >> 3) & (1 << 21 - 1)))
    default: return .copied(source: Int(bits >> 3))
    }
  }
}

/// What the address of a value entered in place is derived from.
enum Anchor {
  /// A field of the owner instance, which the walk holds: it never moves.
  case owner
  /// `offset` bytes into the value entered at the place at the index.
  case inside(Int, offset: Int)
  /// The payload of the optional entered at the place at the index, while it holds one.
  case payload(Int)
  /// The element of the run at the index that the walk is in.
  case element(run: Int)
}

/// A value entered where it is stored.
struct Place {
  /// Where the value was when last derived; valid until user code runs.
  var address: UnsafeMutableRawPointer
  let plan: Unmanaged<TypePlan>
  /// The class property that holds the value, which Swift's exclusivity
  /// checks see being modified while a value model here reduces.
  let access: UnsafeMutableRawPointer
  /// The class model whose property holds the value.
  let owner: UnsafeRawPointer
  /// The last step of its path from the owner, in the walk's steps; `-1` for none.
  let path: Int
  /// What ``address`` is derived from, to find it again.
  let anchor: Anchor

  /// The same place seen as a value of `plan`'s type, at the same address.
  func retyped(_ plan: Unmanaged<TypePlan>) -> Place {
    Place(address: address, plan: plan, access: access, owner: owner, path: path, anchor: anchor)
  }
}

/// A cursor over the elements of a collection entered in place, each of
/// which the walk enters as a ``Place``: where they are, and the next one.
struct PlaceCursor {
  /// `count` elements from `first`, `stride` bytes apart; `nil` for a
  /// dictionary, whose element addresses are in the walk's list at `list`.
  var first: UnsafeMutableRawPointer?
  let stride: Int
  var count: Int
  var next: Int
  var list: Int
  /// The collection's place, in the walk's place list.
  let collection: Int
  /// Where the collection is, seen as an element: the plan is the elements'.
  let element: Place
  /// The collection's inline words when the walk read it.
  ///
  /// They are its storage reference (and, for a slice, its bounds). The walk holds that storage,
  /// so a change through the owner copies it first and these words change.
  var words: CollectionWords
  /// How many bytes ``words`` holds: ``MutableElementsPlan/storageWordsSize``.
  let wordsSize: Int
  /// The position of the element whose models the walk is visiting; `-1`
  /// before the first and after that element was removed.
  var active = -1
  /// After the collection changed, the positions the walk has visited already,
  /// in the walk's list of marks at this index; `-1` before any change.
  var visited = -1
  /// Whether the collection is gone, with the value that held it.
  var isGone = false
}

/// The inline words of a standard collection: one storage reference for an
/// `Array`, `ContiguousArray` or `Dictionary`, four for an `ArraySlice`.
struct CollectionWords: Equatable {
  var words: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)

  /// The words of the collection at `address`, `size` bytes long.
  init(at address: UnsafeRawPointer, size: Int) {
    assert(size <= 32 && size % 8 == 0, "a standard collection is at most four words")
    withUnsafeMutableBytes(of: &words) { copyBytes(.init(start: address, count: size), into: $0) }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
      && lhs.words.3 == rhs.words.3
  }
}

/// An array of object references being iterated: the storage the walk holds,
/// the next slot, and where the array was read.
struct ObjectCursor {
  var storage: UnsafeRawPointer
  var next: Int
  var count: Int
  let stride: Int
  let origin: Origin
  /// The field holding the array, when it is a class instance's: checked directly.
  let field: UnsafeRawPointer?

  init(storage: UnsafeRawPointer, count: Int, stride: Int, origin: Origin) {
    self.storage = storage
    self.next = 0
    self.count = count
    self.stride = stride
    self.origin = origin
    self.field = origin.fieldAddress
  }
}

/// A field whose value the walk copied out: its bytes then, to tell whether it changed.
struct CopySource {
  /// The field: in a class instance, or in a value entered in place.
  let origin: Origin
  let plan: Unmanaged<TypePlan>
  /// The type holding the field, for reports of value models met in the copy.
  let container: Any.Type
  /// The field's bytes when it was read, in the walk's byte list from `bytes`.
  let bytes: Int
  let size: Int
  /// Set once the field was found changed: what was copied from it is passed
  /// over, and the field is read again.
  var isStale = false
}
