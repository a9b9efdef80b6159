import SwiftReduce

// A diagram for the complete history's scenarios (issue #34): boxes, and arrows that hold the
// box they point to by a stored reference and move it when pulled. The boxes take no action
// anyone dispatches: only an arrow writes them.

/// Changes an arrow makes.
enum DiagramArrowAction: Action {
  /// The arrow of this name moves the box it points to by the offsets.
  case pull(String, dx: Int, dy: Int)
}

/// Changes a box would make to itself; never dispatched in the scenarios.
enum DiagramBoxAction: Action {
  case rename(String)
}

/// Changes to the diagram itself.
enum DiagramAction: Action {
  case retitle(String)
}

/// The root: boxes, then the arrows between them.
final class Diagram: Reducer {
  var title = "Flow"
  var boxes: [DiagramBox] = []
  var arrows: [DiagramArrow] = []

  func reduce(action: DiagramAction) {
    switch action {
    case .retitle(let title): self.title = title
    }
  }
}

/// A box at a position.
final class DiagramBox: Reducer {
  var name: String
  var x: Int
  var y: Int

  init(_ name: String, x: Int, y: Int) {
    self.name = name
    self.x = x
    self.y = y
  }

  func reduce(action: DiagramBoxAction) {
    switch action {
    case .rename(let name): self.name = name
    }
  }
}

/// An arrow to a box, held by a strong stored reference; the box is shown where the diagram's
/// boxes hold it.
final class DiagramArrow: Reducer {
  let name: String
  var to: DiagramBox

  init(_ name: String, to box: DiagramBox) {
    self.name = name
    self.to = box
  }

  func reduce(action: DiagramArrowAction) {
    switch action {
    case .pull(let name, let dx, let dy):
      guard name == self.name else { return }
      to.x += dx
      to.y += dy
    }
  }
}
