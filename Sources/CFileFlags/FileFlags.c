#define _GNU_SOURCE
#include <fcntl.h>
#include "CFileFlags.h"

int soundshelf_o_direct(void) {
#ifdef O_DIRECT
    return O_DIRECT;
#else
    return 0;
#endif
}
