import ComposableEnv
import Foundation

extension Dependencies {
  /// One of the many keys of the benchmarks below: a read-only key path with an argument, so that
  /// each `\.[benchKey: i]` expression makes a new key path object at run time.
  subscript(benchKey index: Int) -> Int { self[DependencyKeys.BenchNumber.self] &+ index }
}

/// Reads at a node through many distinct key paths, key paths made at run time, and writes under
/// readers: the figures behind "no number of keys makes a cached read slower", "a run-time key
/// path costs no more than swift-dependencies' read" and "writes never wait for readers".
enum ManyKeysBenchmarks {
  /// A cached read at a node that has read `keys` distinct key paths (each made once at run time
  /// and kept, so that its identity is stable), going round all of them (`roundAll`) or reading
  /// the first one only; ns per read, `threads` threads reading at once. `keys` is a power of two.
  static func cachedRead(keys: Int, threads: Int, roundAll: Bool = true, _ settings: Settings)
    -> Double
  {
    let node = ChainEnvironment().with(\.benchNumber, 1).next
    let paths = KeyPaths((0..<keys).map { \Dependencies.[benchKey: $0] })
    for path in paths.all { blackHole(node[dynamicMember: path]) }
    let mask = roundAll ? keys - 1 : 0
    if threads == 1 {
      return measure(settings) { iterations in
        var sum = 0
        for index in 0..<iterations { sum &+= paths.read(index & mask, at: node) }
        return sum
      }
    }
    let perThread = Int(settings.sampleSeconds * 50_000_000)
    return ComposableBenchmarks.concurrentNanoseconds(
      threads: threads, perThread: perThread, settings
    ) { _ in
      var sum = 0
      for index in 0..<perThread { sum &+= paths.read(index & mask, at: node) }
      return sum
    }
  }

  /// The floor of `cachedRead`: `keys` boxed values read round, from an array, with no library:
  /// what reading round more values than the processor's first-level cache holds costs anyway.
  static func boxedValuesReadRound(keys: Int, _ settings: Settings) -> Double {
    final class Boxed {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    let boxes = (0..<keys).map { Boxed($0) }
    let entries = boxes.map { Unmanaged.passUnretained($0) }
    let mask = keys - 1
    return withExtendedLifetime(boxes) {
      measure(settings) { iterations in
        var sum = 0
        for index in 0..<iterations {
          sum &+= entries[(index &* 40_503) & mask]._withUnsafeGuaranteedRef { $0.value }
        }
        return sum
      }
    }
  }

  /// A read through a key path made at run time for the read (`\.[benchKey: i]`), as code that
  /// builds key paths from data does; the key path is a new object each time.
  static func runTimeKeyPathRead(_ settings: Settings) -> Double {
    let node = ChainEnvironment().with(\.benchNumber, 1).next
    blackHole(node.number)
    return measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations { sum &+= node[dynamicMember: \.[benchKey: index & 7]] }
      return sum
    }
  }

  /// Making the key path of `runTimeKeyPathRead` alone, without reading through it: the part of
  /// that figure the Swift runtime spends (instantiating a key path with an argument).
  static func makeRunTimeKeyPath(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        sum &+= ObjectIdentifier(\Dependencies.[benchKey: index & 7]).hashValue & 1
      }
      return sum
    }
  }

  /// A read through a key path made at run time by appending a literal one to another
  /// (`appending(path:)`), a new object each time.
  static func appendedKeyPathRead(_ settings: Settings) -> Double {
    let node = ChainEnvironment().with(\.benchNumber, 1).next
    blackHole(node.number)
    let base: KeyPath<Dependencies, Int> = \.benchNumber
    let tail: KeyPath<Int, Int> = \.byteSwapped
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= node[dynamicMember: base.appending(path: tail)] }
      return sum
    }
  }

  /// Making the key path of `appendedKeyPathRead` alone.
  static func makeAppendedKeyPath(_ settings: Settings) -> Double {
    let base: KeyPath<Dependencies, Int> = \.benchNumber
    let tail: KeyPath<Int, Int> = \.byteSwapped
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= ObjectIdentifier(base.appending(path: tail)).hashValue & 1 }
      return sum
    }
  }

  /// A write on a node (with a child, so that it invalidates the tree) while `readers` other
  /// threads read the node and its child as fast as they can; ns per write.
  static func writeUnderReaders(readers: Int, _ settings: Settings) -> Double {
    let root = ChainEnvironment().with(\.benchNumber, 1)
    let child = root.next
    blackHole(root.number &+ child.number)
    let stop = StopFlag()
    let done = DispatchGroup()
    for _ in 0..<readers {
      done.enter()
      Thread {
        var sum = 0
        while !stop.isSet {
          for _ in 0..<256 { sum &+= root.number &+ child.number }
        }
        blackHole(sum)
        done.leave()
      }.start()
    }
    var value = 0
    let nanoseconds = measure(settings) { iterations in
      for _ in 0..<iterations {
        value &+= 1
        root.with(\.benchNumber, value)
      }
      return value
    }
    stop.set()
    done.wait()
    return nanoseconds
  }

  /// A write on a node that has a child (so that it invalidates the tree's caches), then a read
  /// of another key there, whose default is looked up again among the `keys` defaults the tree
  /// has computed (the key read is the middle one); ns per write and read.
  static func reResolveAfterWrite(keys: Int, _ settings: Settings) -> Double {
    let types = ManyKeyTypes.make(keys)
    let root = ChainEnvironment()
    blackHole(root.next.number)
    for key in types { blackHole(root.flag(key)) }
    let (written, read) = (types[0], types[keys / 2])
    return writeThenRead(written, read, at: root, settings)
  }

  private static func writeThenRead<Written: FlagKeyType, Read: FlagKeyType>(
    _ written: Written.Type, _ read: Read.Type, at node: ChainEnvironment, _ settings: Settings
  ) -> Double {
    var value = 0
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        value &+= 1
        node.setFlag(written, value)
        sum &+= node.flag(read)
      }
      return sum
    }
  }

  /// A write on a node (without children) that holds `values` values, replacing the middle one;
  /// ns per write.
  static func writeAmongValues(_ values: Int, _ settings: Settings) -> Double {
    let types = ManyKeyTypes.make(values)
    let node = BareEnvironment()
    for key in types { node.setFlag(key, 1) }
    let written = types[values / 2]
    return write(written, at: node, settings)
  }

  private static func write<Written: FlagKeyType>(
    _ written: Written.Type, at node: BareEnvironment, _ settings: Settings
  ) -> Double {
    var value = 0
    return measure(settings) { iterations in
      for _ in 0..<iterations {
        value &+= 1
        node.setFlag(written, value)
      }
      return value
    }
  }
}

/// A flag one thread sets and others poll. `@unchecked Sendable`: `value` is only touched under
/// `lock`.
private final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// Key paths shared by reader threads. `@unchecked Sendable`: key paths are immutable.
private struct KeyPaths: @unchecked Sendable {
  let all: [KeyPath<Dependencies, Int>]
  /// The same, unretained: a read passes one without retaining it, so that the figure is the
  /// library's read and not two threads' reference counting of shared key path objects.
  private let unretained: [Unmanaged<KeyPath<Dependencies, Int>>]

  init(_ all: [KeyPath<Dependencies, Int>]) {
    self.all = all
    unretained = all.map { Unmanaged.passUnretained($0) }
  }

  @inline(__always)
  func read(_ index: Int, at node: ChainEnvironment) -> Int {
    unretained[index]._withUnsafeGuaranteedRef { node[dynamicMember: $0] }
  }
}
