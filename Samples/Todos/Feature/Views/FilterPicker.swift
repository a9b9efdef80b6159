import SwiftReduce
import SwiftReduceTextUI

/// A button for each filter, which sets the filter through a binding: the segmented
/// `Picker` of TCA's Todos.
struct FilterPicker: View {
  /// The filter chosen.
  let selection: StoreBinding<Filter>

  /// `Filter:`, then the buttons.
  var body: some View {
    HStack {
      Text("Filter:")
      ForEach(Filter.allCases, id: \.self) { filter in
        Button(filter.title) { selection.wrappedValue = filter }
      }
    }
  }
}
