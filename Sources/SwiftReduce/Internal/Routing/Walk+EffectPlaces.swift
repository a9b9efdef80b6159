extension Walk {
  /// Names the places of the effects that value models started while the
  /// value model at the place at `index` reduced: the steps to it.
  func nameValueModel(at index: Int) {
    let steps = pathSteps(to: index)
    Delivery.name(owner: places[index].owner) { $0.name(steps: steps) }
  }

  /// Names the places of the effects that the elements of the run at `run`
  /// started, which reduced in one loop: each at the position the loop
  /// noted, or, where it could not note one, as one of the elements.
  func nameElements(of run: Int) {
    let cursor = placeCursors[run]
    let collection = pathSteps(to: cursor.collection)
    Delivery.name(owner: cursor.element.owner) { place in
      if let position = place.position ?? (cursor.count == 1 ? 0 : nil) {
        place.name(steps: collection + [elementStep(at: position, of: run)])
      } else {
        place.name(collection: collection, count: cursor.count)
      }
    }
  }

  /// Names the places of the effects that the `count` elements of the array
  /// in the field at `field` of `owner` started, which reduced in one loop.
  func nameElements(
    ofArrayAt field: UnsafeMutableRawPointer, of owner: UnsafeRawPointer, count: Int
  ) {
    let collection: [PathStep] = [
      .field(in: HeapObject(owner).classType, offset: UnsafeRawPointer(field) - owner)
    ]
    Delivery.name(owner: owner) { place in
      if count == 1 {
        place.name(steps: collection + [.index(0)])
      } else {
        place.name(collection: collection, count: count)
      }
    }
  }
}
