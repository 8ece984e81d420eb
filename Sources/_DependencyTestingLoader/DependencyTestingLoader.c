#include "DependencyTestingLoader.h"

// Runs when the binary that links a testing module is loaded, before any test.
__attribute__((constructor)) static void dependency_testing_loader_install(void) {
  swift_composable_env_install_test_reporter();
}
