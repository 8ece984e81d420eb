// libFuzzer calls `LLVMFuzzerTestOneInput` with each input when Scripts/fuzz links this module with
// `-sanitize=fuzzer` (and `-DFUZZING`). Built by SwiftPM, the executable replays the input files
// it is given instead: `swift run EnvironmentFuzzer Fuzz/Corpus/*`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

#if !FUZZING
  import Foundation

  @main
  enum Replay {
    static func main() throws {
      let paths = CommandLine.arguments.dropFirst()
      for path in paths {
        check(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      }
      print("EnvironmentFuzzer: \(paths.count) inputs replayed, every read agreed with the model")
    }
  }
#endif
