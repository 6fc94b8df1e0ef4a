#ifndef SOUNDSHELF_CFILEFLAGS_H
#define SOUNDSHELF_CFILEFLAGS_H

/* Open-file flags Swift's Glibc module does not import (they need _GNU_SOURCE). */

/* O_DIRECT on Linux (its value differs by architecture); 0 where the system has none. */
int soundshelf_o_direct(void);

#endif
