import Foundation

/// The process's resident memory in bytes: the current figure on Linux (`/proc/self/statm`), the
/// peak elsewhere.
func residentBytes() -> Int {
  #if os(Linux)
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss
  #endif
}
