/// Measures and cuts text in terminal cells.
///
/// A grapheme cluster (`Character`) is the unit: its width is that of its base
/// scalar, 2 for East Asian wide and fullwidth characters and for emoji shown
/// as emoji (emoji presentation, or any emoji followed by U+FE0F), 0 for a
/// cluster made only of combining marks, joiners or variation selectors, and
/// 1 otherwise. Cutting never splits a cluster.
enum Cells {
  /// The number of terminal cells `character` takes.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if isZeroWidth(first) { return 0 }
    let properties = first.properties
    if scalars.contains("\u{FE0E}") { return isWide(first) ? 2 : 1 }
    if properties.isEmojiPresentation { return 2 }
    if properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
    return isWide(first) ? 2 : 1
  }

  /// The number of terminal cells `text` takes on one line.
  static func width(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text {
      total += width(of: character)
    }
    return total
  }

  /// `text` cut to at most `limit` cells, ending in `…` when something was cut.
  static func truncate(_ text: String, to limit: Int) -> String {
    guard width(of: text) > limit else { return text }
    guard limit > 0 else { return "" }
    var kept = ""
    var used = 0
    for character in text {
      let next = width(of: character)
      if used + next > limit - 1 { break }
      kept.append(character)
      used += next
    }
    return kept + "…"
  }

  /// `text` followed by spaces up to `cells` cells.
  static func pad(_ text: String, to cells: Int) -> String {
    let missing = cells - width(of: text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// `text` with control characters made visible, so that nothing a user
  /// typed can move the cursor or change the terminal: a tab becomes a space,
  /// a line break becomes `⏎` unless `keepingLineBreaks`, and every other
  /// control character becomes `�`.
  static func sanitize(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    var clean = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      guard scalar.properties.generalCategory == .control else {
        clean.append(scalar)
        continue
      }
      switch scalar {
      case "\t": clean.append(" ")
      case "\n" where previous == "\r": continue
      case "\n", "\r": clean.append(keepingLineBreaks ? "\n" : "⏎")
      default: clean.append("\u{FFFD}")
      }
    }
    return String(clean)
  }

  // MARK: - Unicode classes

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return (0x1160...0x11FF).contains(scalar.value)
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) characters outside the emoji.
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return wideRanges.contains { $0.contains(value) }
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
