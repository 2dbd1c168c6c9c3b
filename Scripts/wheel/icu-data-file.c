// Linked into the binaries Scripts/build-wheel ships (not into a plain `swift build` or a
// `Scripts/release-build` of your own): ICU's data (34 MB, Foundation's locales, calendars and
// time zones) is read from one file installed with them, `../lib/icudtNNl.dat` from the directory
// of the running executable, instead of being linked into chatpayloads, chatpayloads-store and
// chatpayloads-serve alike (three copies: 102 MB installed, 40 MB of a wheel).
//
// How: Foundation's ICU (swift-foundation-icu, symbols prefixed `swift_`) finds its data through
// the symbol `icudtNN_dat` (U_ICUDATA_ENTRY_POINT), defined by one member of lib_FoundationICU.a.
// The link gets `--wrap=icudtNN_dat`: ICU's references go to ICU_DATA_SYMBOL below (that
// `__wrap_` name), an empty table of contents (ICU's own stubdata), so the member holding the data
// is never pulled in and ICU looks for the package `icudtNNl` as a file in its data directory, as
// an ICU built with data packaging "archive" does. `--wrap=swift_u_getDataDirectory` sets that
// directory the first time ICU asks for it (nothing runs at start-up; `validate` never asks) to
// `<directory of /proc/self/exe>/../lib`; ICU_DATA is not consulted, so another ICU's data cannot
// be picked up. When the file cannot be opened the process ends with exit code 70 (EX_SOFTWARE)
// and says so, rather than run on with ICU's data missing.
//
// The file is not all of ICU's data but the items ICU_DATA_ITEMS names (Scripts/wheel/
// icu-data-subset.py): the time zone data, all that the shipped binaries ask ICU for (`serve`,
// when Hummingbird builds the calendar of its Date header; ARCHITECTURE.md, "Binaries and
// start-up"). `--wrap=swift_udata_open` and `--wrap=swift_udata_openChoice` (every way ICU's code
// opens a data item) hold each request to that list: a request for anything else (a locale, a
// collation, a converter, break-iterator rules) ends the process with exit code 70 naming the
// item, rather than let ICU fall back silently (to the root locale, to no data) and answer wrong.
//
// Scripts/build-wheel compiles this with ICU_DATA_SYMBOL, ICU_DATA_FILE, ICU_DATA_PACKAGE and
// ICU_DATA_ITEMS for the toolchain's ICU version (read from the archive), and checks that no
// binary it ships defines `icudtNN_dat`.
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if !defined(ICU_DATA_SYMBOL) || !defined(ICU_DATA_FILE) || !defined(ICU_DATA_PACKAGE) || !defined(ICU_DATA_ITEMS)
#error "compile with -DICU_DATA_SYMBOL=__wrap_icudtNN_dat -DICU_DATA_FILE='\"icudtNNl.dat\"' -DICU_DATA_PACKAGE='\"icudtNNl\"' -DICU_DATA_ITEMS='\"a.res\", \"b.res\"' (Scripts/build-wheel does)"
#endif

// ICU's common data header with an empty table of contents (as ICU's stubdata/stubdata.cpp).
typedef struct {
    uint16_t headerSize;
    uint8_t magic1, magic2;
    struct {
        uint16_t size, reservedWord;
        uint8_t isBigEndian, charsetFamily, sizeofUChar, reservedByte;
        uint8_t dataFormat[4], formatVersion[4], dataVersion[4];
    } info;
    char padding[8];
    uint32_t count, reserved;
    uint32_t toc[4];
} ICUCommonDataHeader;

__attribute__((visibility("hidden"))) const ICUCommonDataHeader ICU_DATA_SYMBOL = {
    32, 0xda, 0x27,
    {20, 0, 0 /* little-endian */, 0 /* ASCII family */, 2, 0, {0x54, 0x6f, 0x43, 0x50} /* "ToCP" */, {1, 0, 0, 0}, {0, 0, 0, 0}},
    {0}, 0, 0, {0, 0, 0, 0},
};

extern const char *__real_swift_u_getDataDirectory(void);
extern void swift_u_setDataDirectory(const char *directory);

static pthread_once_t directoryOnce = PTHREAD_ONCE_INIT;

static void failWithoutData(const char *path, const char *reason) {
    fprintf(stderr, "error: cannot open %s (ICU's data, installed with chatpayloads in lib/ beside its bin/): %s\n", path, reason);
    fflush(stderr);
    _exit(70);
}

static void setDataDirectory(void) {
    static const char tail[] = "/../lib/" ICU_DATA_FILE;
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) failWithoutData("/proc/self/exe", strerror(errno));
    if ((size_t)n >= sizeof path - 1) failWithoutData("/proc/self/exe", "path too long");
    path[n] = 0;
    char *slash = strrchr(path, '/');
    if (slash == NULL || (size_t)(slash - path) + sizeof tail > sizeof path) failWithoutData(path, "path too long");
    memcpy(slash, tail, sizeof tail);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) failWithoutData(path, strerror(errno));
    close(fd);
    *strrchr(path, '/') = 0;  // the directory
    swift_u_setDataDirectory(path);
}

const char *__wrap_swift_u_getDataDirectory(void) {
    pthread_once(&directoryOnce, setDataDirectory);
    return __real_swift_u_getDataDirectory();
}

// ICU's udata_open and udata_openChoice (UDataMemory, UDataMemoryIsAcceptable and UErrorCode
// are opaque here).
extern void *__real_swift_udata_open(const char *path, const char *type, const char *name, int *status);
extern void *__real_swift_udata_openChoice(const char *path, const char *type, const char *name,
                                           void *isAcceptable, void *context, int *status);

static const char *const shippedItems[] = {ICU_DATA_ITEMS};

// Returns when `path`/`name`.`type` is an item of the shipped file; otherwise ends the process.
static void requireShippedItem(const char *path, const char *type, const char *name) {
    char item[256];
    int n = snprintf(item, sizeof item, "%s%s%s", name ? name : "(null)", type && *type ? "." : "", type && *type ? type : "");
    int ours = path == NULL || strcmp(path, ICU_DATA_PACKAGE) == 0;
    if (ours && n > 0 && (size_t)n < sizeof item) {
        for (size_t i = 0; i < sizeof shippedItems / sizeof shippedItems[0]; i++) {
            if (strcmp(item, shippedItems[i]) == 0) return;
        }
    }
    fprintf(stderr,
            "error: ICU's data item %s%s%s is not shipped (lib/" ICU_DATA_FILE " holds only the time zone data; "
            "this is a bug in chatpayloads, please report it with the command line)\n",
            path ? path : "", path ? ":" : "", item);
    fflush(stderr);
    _exit(70);
}

void *__wrap_swift_udata_open(const char *path, const char *type, const char *name, int *status) {
    requireShippedItem(path, type, name);
    return __real_swift_udata_open(path, type, name, status);
}

void *__wrap_swift_udata_openChoice(const char *path, const char *type, const char *name,
                                    void *isAcceptable, void *context, int *status) {
    requireShippedItem(path, type, name);
    return __real_swift_udata_openChoice(path, type, name, isAcceptable, context, status);
}
