/// The text of a state file without its `"lineage"` line, which is made at
/// random when a list is first saved.
func withoutLineage(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("  \"lineage\" : ") }
    .joined(separator: "\n")
}
