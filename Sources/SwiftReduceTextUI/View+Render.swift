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

  /// Renders this view as the first screen of a terminal `height` lines tall.
  ///
  /// This is what a ``Runner`` shows on a terminal before any input: the
  /// first ``List`` made from a collection shows the rows that fit, then a
  /// line saying which rows are shown, and one line is left for the prompt.
  /// Only the rows shown are built, so the cost does not grow with the
  /// rows that are not.
  ///
  /// ```swift
  /// let titles = ["Alien", "Heat", "Jaws", "Up", "Vertigo"]
  /// let screen = VStack {
  ///   Text("Movies")
  ///   List(titles, id: \.self) { Text($0).onTap(UpdateMovies.removeMovie($0)) }
  /// }
  /// print(screen.render(width: 40, height: 5))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Movies
  /// [1] Alien
  /// [2] Heat
  /// Rows 1–2 of 5 (n next, p previous)
  /// ```
  ///
  /// - Parameters:
  ///   - width: The number of cells a line may take; values below 1 count as 1.
  ///   - height: The number of lines of the terminal.
  /// - Returns: The lines of the screen, without the prompt.
  public func render(width: Int, height: Int) -> String {
    Screen(self, width: width, height: height, reserved: 1, first: 0).text
  }
}
