/// The order of the list: by title, or by views, most watched first.
enum MovieOrder: String, Equatable, Codable {
  case title
  case views
}
