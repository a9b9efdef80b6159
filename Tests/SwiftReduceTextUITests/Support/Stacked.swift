import SwiftReduceTextUI

/// `middle` drawn `width` columns wide in a `VStack` between the lines `above` and `below`:
/// how the documentation and the tests show the lines a view takes in a column.
@MainActor
func renderedBetween(
  _ above: String, _ middle: some View, _ below: String, width: Int = 20
) -> String {
  VStack {
    Text(above)
    middle
    Text(below)
  }
  .render(width: width)
}
