extension View {
  /// Renders this view as text at most `width` terminal cells wide.
  ///
  /// Rendering is a pure function of the view, the state it reads and the
  /// width: lines are joined with `\n`, carry no trailing spaces and no escape
  /// codes. Controls are numbered from 1 in reading order: top to bottom, and
  /// left to right within a row.
  ///
  /// ```swift
  /// let view = VStack {
  ///   Text("Ada")
  ///   HStack {
  ///     TextField("Enter Name", text: .constant("Ada"))
  ///     Button("Clear", action: NameChange.clear)
  ///   }
  /// }
  /// print(view.render(width: 40))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Ada
  /// [1] Enter Name: [Ada] [2] (Clear)
  /// ```
  ///
  /// - Parameter width: The number of cells a line may take; values below 1
  ///   count as 1.
  /// - Returns: The lines of the view.
  public func render(width: Int) -> String {
    Screen(self, width: width).text
  }
}
