// The glibc floor of the shipped binaries (Scripts/release-build, Scripts/dist-check).
//
// The release build links the C++ runtime statically (libstdc++.a). Its std::random_device
// object (random.o, which libstdc++'s own string instantiations pull in) calls arc4random, which
// glibc has only since 2.36. Our code never reaches std::random_device and the linker drops that
// code (--gc-sections), but its reference would still bind to glibc's symbol and raise the
// binaries' floor from glibc 2.35 (Ubuntu 22.04) to 2.36 (manylinux_2_36). This definition binds
// that reference inside the binary instead. It is a complete arc4random: 32 bits from the
// kernel's random source (getrandom, glibc 2.25), retried on EINTR and short reads, aborting on
// any other failure as glibc's own does.
#if defined(__linux__)
#include <stdlib.h> // defines __GLIBC__ on glibc (through features.h)
#endif

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stdint.h>
#include <sys/random.h>

uint32_t arc4random(void) {
    uint32_t value = 0;
    unsigned char *next = (unsigned char *)&value;
    size_t missing = sizeof value;
    while (missing > 0) {
        ssize_t got = getrandom(next, missing, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            abort();
        }
        next += got;
        missing -= (size_t)got;
    }
    return value;
}

#endif
