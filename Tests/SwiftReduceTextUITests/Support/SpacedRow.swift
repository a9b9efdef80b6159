import SwiftReduceTextUI

/// The row of the documentation of `HStack` and `Spacer`, and of every movie in the list:
/// `leading`, a `Spacer`, and `trailing` at the right edge.
@MainActor
func spacedRow(_ leading: String, _ trailing: String) -> some View {
  HStack {
    Text(leading)
    Spacer()
    Text(trailing)
  }
}
