// Installs the test-failure reporter of the testing modules when the test binary is loaded, so
// that a test reports unset dependencies and unimplemented endpoints without calling anything
// first (for example with SWIFT_COMPOSABLE_ENV_CONTEXT=test). Nothing to call from Swift.

#ifndef DEPENDENCY_TESTING_LOADER_H
#define DEPENDENCY_TESTING_LOADER_H

/// Defined in Swift by `_DependencyTestingSupport` (`@_cdecl`).
void swift_composable_env_install_test_reporter(void);

#endif
