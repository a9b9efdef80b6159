import Foundation
import Testing

/// No public name of SwiftReduce is also a name of SwiftUI's or Combine's: apps import all three.
///
/// `Tests/SwiftUIOverlayCheck` compiles a file that imports the three modules and uses every
/// name unqualified; this test reads the library's top-level public declarations and checks them
/// against the top-level names of both frameworks, as Apple's documentation lists them.
struct PublicNamesTests {
  /// SwiftUI's and Combine's top-level types, protocols and aliases most apps meet
  /// (https://developer.apple.com/documentation/swiftui, https://developer.apple.com/documentation/combine).
  static let appleNames: Set = [
    // SwiftUI
    "Alert", "Alignment", "Anchor", "Angle", "AnyGesture", "AnyLayout", "AnyShape", "AnyTransition",
    "AnyView", "App", "AppStorage", "Animation", "Axis", "Binding", "Bindable", "Button",
    "ButtonRole", "ButtonStyle", "Canvas", "Capsule", "Circle", "Color", "ColorScheme", "Commands",
    "ContentView", "ContextMenu", "ControlGroup", "DatePicker", "Divider", "DragGesture", "Edge",
    "EdgeInsets", "EditButton", "EmptyView", "Environment", "EnvironmentKey", "EnvironmentObject",
    "EnvironmentValues", "FetchRequest", "FocusState", "Font", "ForEach", "Form", "Gauge",
    "Gesture",
    "GeometryProxy", "GeometryReader", "Grid", "GridRow", "Group", "GroupBox", "HStack", "Image",
    "Label", "Layout", "LazyHGrid", "LazyHStack", "LazyVGrid", "LazyVStack", "Link", "List",
    "LocalizedStringKey", "Menu", "Namespace", "NavigationLink", "NavigationPath",
    "NavigationSplitView", "NavigationStack", "ObservedObject", "Path", "Picker", "PreferenceKey",
    "ProgressView", "Rectangle", "RoundedRectangle", "Scene", "SceneStorage", "ScrollView",
    "ScrollViewReader", "Section", "SecureField", "Shape", "ShapeStyle", "Slider", "Spacer",
    "State",
    "StateObject", "Stepper", "Subscription", "TabView", "Table", "Text", "TextEditor", "TextField",
    "Toggle", "Transaction", "Transition", "UnitPoint", "VStack", "View", "ViewBuilder",
    "ViewModifier", "WindowGroup", "ZStack",
    // Combine
    "AnyCancellable", "AnyPublisher", "AnySubscriber", "Cancellable", "CombineIdentifier",
    "ConnectablePublisher", "CurrentValueSubject", "Deferred", "Empty", "Fail", "Future", "Just",
    "ObservableObject", "ObservableObjectPublisher", "PassthroughSubject", "Publisher",
    "Publishers", "Published", "Record", "Result", "Scheduler", "Subject", "Subscriber",
    "Subscribers", "Subscriptions", "TopLevelDecoder", "TopLevelEncoder",
  ]

  /// The names from before 1.0 that repeat one of those: unavailable where SwiftUI and Combine
  /// exist, so that there they are not names at all, and deprecated elsewhere until 1.0.
  static let deprecatedAliases: Set = ["Binding", "Subscription"]

  @Test func noPublicNameIsAlsoANameOfSwiftUIOrCombine() throws {
    let names = try Self.publicTopLevelNames()
    #expect(names.count > 20, "read \(names.count) public names")
    #expect(names.intersection(Self.appleNames) == Self.deprecatedAliases)
  }

  @Test func theOldNamesAreUnavailableOnEveryApplePlatform() throws {
    let text = try String(
      contentsOf: Self.library.appendingPathComponent("DeprecatedNames.swift"), encoding: .utf8)
    for name in Self.deprecatedAliases {
      for platform in ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst"] {
        #expect(
          text.contains("@available(\(platform), unavailable, renamed: \"Store\(name)\")"),
          "\(name) on \(platform)")
      }
    }
  }

  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/SwiftReduce").standardized

  /// The names of the top-level `public` declarations of the library's files.
  static func publicTopLevelNames() throws -> Set<String> {
    let paths = FileManager.default.subpaths(atPath: library.path) ?? []
    var names: Set<String> = []
    let declaration =
      #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:class|struct|enum|protocol|typealias|actor|func|let|var)\s+(\w+)/#
    for path in paths where path.hasSuffix(".swift") && !path.contains(".docc/") {
      let text = try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8)
      var depth = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let isDirective = line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
        if depth == 0, !isDirective, let match = line.firstMatch(of: declaration) {
          names.insert(String(match.1))
        }
        depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      }
    }
    return names
  }
}
