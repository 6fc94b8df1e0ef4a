#ifndef SOUNDSHELF_CARCHIVE_SHIM_H
#define SOUNDSHELF_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>

/* File-type macros Swift cannot import, re-exported as constants. */
static const unsigned int SHIM_AE_IFREG = AE_IFREG;
static const unsigned int SHIM_AE_IFLNK = AE_IFLNK;
static const unsigned int SHIM_AE_IFDIR = AE_IFDIR;
static const unsigned int SHIM_AE_IFMT = AE_IFMT;
#endif
