#ifndef SOUNDSHELF_CEBUR128_SHIM_H
#define SOUNDSHELF_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
