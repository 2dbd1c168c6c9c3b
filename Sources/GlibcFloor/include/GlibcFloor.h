// GlibcFloor has no API: it only defines arc4random for the shipped binaries on glibc (see
// arc4random.c). The executables depend on it so that its object is on their link line.
#ifndef GLIBC_FLOOR_H
#define GLIBC_FLOOR_H
#endif
