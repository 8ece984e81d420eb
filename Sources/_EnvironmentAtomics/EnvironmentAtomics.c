// The functions of this module are `static inline` in its header; SwiftPM needs one C file.
#include "EnvironmentAtomics.h"
