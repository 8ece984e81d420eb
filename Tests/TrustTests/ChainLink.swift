import DependencyValues
import TestSupport

/// A link of a release chain: its `deinit` counts itself and, while links are left, gives `shape`
/// a way to make the next link, which `shape` stores where the library will release it (on a
/// temporary root, a derived child, a scope…). Each link's release then runs the next link's
/// `deinit` from inside the library's release: a chain the library must release iteratively.
///
/// ```swift
/// _ = ChainLink(1_000_000, released) { next in
///   let root = ChainRoot()
///   withExtendedLifetime(root) { root[\.chainLink] = next() }
/// }
/// ```
///
/// `shape` must leave the library holding the link's last reference: make it in the setter's
/// argument (`x[\.chainLink] = next()`) inside `withExtendedLifetime(x)`. An optimized build may
/// pass the new value to a specialized setter borrowed, keeping the caller's reference until the
/// end of the statement; if the environment could end first, that reference would be the last,
/// and the chain would recurse through the caller's frames, not the library's.
final class ChainLink: @unchecked Sendable {
  // `@unchecked Sendable`: immutable; the counter is locked.
  typealias Shape = @Sendable (_ next: () -> ChainLink) -> Void

  let left: Int
  let released: Shared<Int>
  let shape: Shape

  init(_ left: Int, _ released: Shared<Int>, shape: @escaping Shape) {
    self.left = left
    self.released = released
    self.shape = shape
  }

  deinit {
    released.value += 1
    guard left > 0 else { return }
    let (left, released, shape) = (left - 1, released, shape)
    shape { ChainLink(left, released, shape: shape) }
  }
}

/// How many links a chain test runs. Under a sanitizer, 10,000: before, 512 KB held about 490
/// links of a node's values and 3,600 of a scope's.
enum ChainLength {
  #if DEBUG
    static let links = isUnderASanitizer ? 10_000 : 100_000
  #else
    static let links = isUnderASanitizer ? 10_000 : 1_000_000
  #endif
}

private enum ChainLinkKey: LiveInTests { static var defaultValue: ChainLink? { nil } }
private enum ChainNumberKey: LiveInTests { static var defaultValue: Int { 0 } }

extension Dependencies {
  /// Where a chain's shape stores its next link.
  var chainLink: ChainLink? {
    get { self[ChainLinkKey.self] }
    set { self[ChainLinkKey.self] = newValue }
  }
  /// A value a chain's shape reads.
  var chainNumber: Int {
    get { self[ChainNumberKey.self] }
    set { self[ChainNumberKey.self] = newValue }
  }
}
