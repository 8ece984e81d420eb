#include "HeapUsage.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__GLIBC__)
#include <malloc.h>
long long test_heap_bytes_in_use(void) { return (long long)mallinfo2().uordblks; }
#else
long long test_heap_bytes_in_use(void) { return -1; }
#endif
