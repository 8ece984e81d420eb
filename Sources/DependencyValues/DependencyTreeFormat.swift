/// How `dependencyTree(format:)` prints an environment tree.
///
/// ```swift
/// print(app.dependencyTree())              // indented text
/// print(app.dependencyTree(format: .dot))  // Graphviz: `dot -Tpng tree.dot -o tree.png`
/// ```
public enum DependencyTreeFormat: Sendable {
  /// An indented text tree, one environment per line, with what each sets and aliases.
  ///
  /// ```swift
  /// print(app.dependencyTree(format: .text))
  /// ```
  case text
  /// A Graphviz DOT digraph: one box per environment, edges from parent to child, environments
  /// that set values highlighted.
  ///
  /// ```swift
  /// try app.dependencyTree(format: .dot).write(toFile: "tree.dot", atomically: true, encoding: .utf8)
  /// ```
  case dot
}
