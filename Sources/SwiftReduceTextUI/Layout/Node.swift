/// What the renderer lays out: views reduced to text, controls and stacks.
///
/// Controls carry the number they were given in reading order.
indirect enum Node {
  case text(String)
  /// Text whose long lines wrap at spaces rather than being cut.
  case wrappingText(String)
  case textField(number: Int, title: String, value: String)
  case button(number: Int, title: String)
  case tappable(number: Int, content: Node)
  case vertical([Node])
  case horizontal([Node])
  case spacer
  case divider
  case padding(Int, Node)
  /// The rows of a paged list from row `first` (each row the nodes of one
  /// element), followed by a line saying which rows of `total` they are
  /// when they are not all of them.
  case page(rows: [[Node]], first: Int, total: Int)
}
