/// What the machine and the Swift runtime let a request scale to, without the library: the floors
/// beside the "server requests" rows, measured the same way (`concurrentNanoseconds`: wall time
/// over all threads' operations, best of the samples).
///
/// - Allocations: a request makes and frees about nine objects (`--count-allocations "a server
///   request: uncached child, set 1 value, read 2"`); here nine plain objects, nothing shared.
///   Their scaling is what the processors give work that allocates.
/// - Key-path projections: a request runs three accessors through key paths (the write's setter,
///   two first reads' getters); here a computed property's setter and getter through a key path,
///   nothing shared either. Swift's runtime projects such a key path with generic code that looks
///   up metadata in process-wide caches at each projection, so its scaling is what the runtime
///   gives, whatever the library does around it.
enum ScalingFloors {
  /// Makes nine objects, one holding the other eight, reads them and frees them; on `threads`
  /// threads, ns per request-sized group, all threads together.
  static func allocations(threads: Int, _ settings: Settings) -> Double {
    let perThread = Int(settings.sampleSeconds * 2_000_000)
    return ComposableBenchmarks.concurrentNanoseconds(
      threads: threads, perThread: perThread, settings
    ) { _ in
      var sum = 0
      for value in 0..<perThread { sum &+= NineObjects.make(value).sum }
      return sum
    }
  }

  /// Sets and then gets a computed property through a key path the optimizer cannot see; on
  /// `threads` threads, ns per set-and-get, all threads together.
  static func keyPathProjections(threads: Int, _ settings: Settings) -> Double {
    let perThread = Int(settings.sampleSeconds * 2_000_000)
    return ComposableBenchmarks.concurrentNanoseconds(
      threads: threads, perThread: perThread, settings
    ) { _ in
      var values = ComputedValues()
      let path = opaqueKeyPath
      var sum = 0
      for value in 0..<perThread {
        values[keyPath: path] = value
        sum &+= values[keyPath: path]
      }
      return sum
    }
  }

  /// `\ComputedValues.first`, made where the optimizer cannot fold the projections above into
  /// direct accessor calls.
  @inline(never) static var opaqueKeyPath: WritableKeyPath<ComputedValues, Int> {
    \ComputedValues.first
  }
}

/// A value with a computed property, as `Dependencies` extensions declare theirs.
struct ComputedValues {
  private var storage = [0, 0]

  var first: Int {
    get { storage[0] }
    set { storage[0] = newValue }
  }
}

/// Nine objects, as many as a server request allocates.
final class NineObjects {
  private let cells: (Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell)

  private init(_ value: Int) {
    cells = (
      Cell(value), Cell(value &+ 1), Cell(value &+ 2), Cell(value &+ 3), Cell(value &+ 4),
      Cell(value &+ 5), Cell(value &+ 6), Cell(value &+ 7)
    )
  }

  /// Made out of line, so that the optimizer does not remove the allocations.
  @inline(never) static func make(_ value: Int) -> NineObjects { NineObjects(value) }

  var sum: Int {
    cells.0.value &+ cells.1.value &+ cells.2.value &+ cells.3.value &+ cells.4.value
      &+ cells.5.value &+ cells.6.value &+ cells.7.value
  }

  private final class Cell {
    let value: Int
    init(_ value: Int) { self.value = value }
  }
}
