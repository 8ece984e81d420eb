#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs under ThreadSanitizer: for tests that cannot run there (a read in a
/// thread's last round of destructors, after ThreadSanitizer's runtime tore the thread down).
///
/// ```swift
/// @Test(.enabled(if: !isUnderThreadSanitizer)) func readsInTheLastDestructorRound() { … }
/// ```
public let isUnderThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
