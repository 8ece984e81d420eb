#include "HeapStatistics.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__)
#include <malloc.h>

size_t heap_bytes_in_use(void) { return mallinfo2().uordblks; }
int heap_statistics_available(void) { return 1; }
#else
size_t heap_bytes_in_use(void) { return 0; }
int heap_statistics_available(void) { return 0; }
#endif
