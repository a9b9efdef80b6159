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
    // Printable ASCII, most of what is shown, needs no Unicode lookup.
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
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
    var printableASCII = true
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
      printableASCII = false
      break
    }
    if printableASCII { return text.utf8.count }
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

  /// `text` with every control character shown as a visible symbol, as an
  /// echo of what was typed: `␉` for a tab, `␛` for escape, `␊` for a line
  /// feed (the Unicode control pictures), `␡` for delete and `�` for the
  /// other control characters.
  static func visible(_ text: String) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00..<0x20: shown.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: shown.append("\u{2421}")
      case _ where scalar.properties.generalCategory == .control: shown.append("\u{FFFD}")
      default: shown.append(scalar)
      }
    }
    return String(shown)
  }

  /// `text` wrapped at spaces into lines of at most `width` cells: the first
  /// line starts with `firstPrefix` padded to `column` cells, the others
  /// with `column` spaces, so the text reads as a hanging column.
  static func wrap(_ text: String, to limit: Int, firstPrefix: String = "", column: Int = 0)
    -> [String]
  {
    if firstPrefix.isEmpty {
      guard width(of: text) > limit else { return [text] }
      // An indented line keeps its indent on every line.
      let indent = text.prefix(while: { $0 == " " })
      if !indent.isEmpty {
        return wrap(String(text.dropFirst(indent.count)), to: limit, firstPrefix: String(indent))
      }
    }
    let needed = firstPrefix.isEmpty ? 0 : width(of: firstPrefix) + 1
    let column = min(max(column, needed), max(limit - 10, 0))
    let room = max(limit - column, 1)
    var lines: [String] = []
    var line = ""
    var used = 0
    func flush() {
      let prefix = lines.isEmpty ? firstPrefix : ""
      lines.append(pad(prefix, to: column) + line)
      line = ""
      used = 0
    }
    for word in text.split(separator: " ") {
      var word = Substring(word)
      while !word.isEmpty {
        let wordWidth = width(of: word)
        if used > 0 && used + 1 + wordWidth <= room {
          line += " " + word
          used += 1 + wordWidth
          word = ""
        } else if used == 0 && wordWidth <= room {
          line = String(word)
          used = wordWidth
          word = ""
        } else if used > 0 {
          flush()
        } else {
          // A word wider than a line is cut where the line ends.
          var piece = ""
          var pieceWidth = 0
          for character in word {
            let next = width(of: character)
            if pieceWidth + next > room && !piece.isEmpty { break }
            piece.append(character)
            pieceWidth += next
          }
          word = word.dropFirst(piece.count)
          line = piece
          used = pieceWidth
          flush()
        }
      }
    }
    if used > 0 || lines.isEmpty { flush() }
    return lines.map { line in
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }
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
