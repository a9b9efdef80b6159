/// Number formatting for the report, without Foundation.
enum Format {
  /// `1234567` as `"1,234,567"`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `value` rounded to `digits` decimals, such as `"12.35"`; plain enough for `name=value`.
  static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value.magnitude * Double(scale)).rounded())
    let whole = String(scaled / scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + whole }
    let fraction = String(scaled % scale)
    let padding = String(repeating: "0", count: digits - fraction.count)
    return sign + whole + "." + padding + fraction
  }

  /// A duration in nanoseconds for the table: grouped, one decimal below 100 ns.
  static func nanoseconds(_ value: Double) -> String {
    value < 100 ? fixed(value, digits: 1) + " ns" : grouped(Int(value.rounded())) + " ns"
  }

  /// A ratio for the table, such as `"3.42×"`.
  static func ratio(_ value: Double) -> String {
    fixed(value, digits: value < 10 ? 2 : 1) + "×"
  }

  /// A target bound for the table, such as `"≤ 5×"` or `"≤ 1.1×"`.
  static func bound(_ value: Double) -> String {
    let text = value == value.rounded() ? String(Int(value)) : fixed(value, digits: 2)
    var trimmed = Substring(text)
    while trimmed.contains(".") && (trimmed.last == "0" || trimmed.last == ".") {
      trimmed.removeLast()
    }
    return "≤ " + trimmed + "×"
  }

  /// `text` padded with spaces to `width` characters.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
