#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file calls the package reads and writes descriptors with, one spelling for every
/// C library (`Glibc`, `Musl`, `Darwin` each export their own `open`, `read`, `pread`, `write` and `close`,
/// and a type's own method of the same name hides them).
package enum SystemFile {
    /// `open(2)`: a descriptor, or -1 with `errno` set.
    package static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Darwin)
        return Darwin.open(path, flags)
        #elseif canImport(Glibc)
        return Glibc.open(path, flags)
        #elseif canImport(Musl)
        return Musl.open(path, flags)
        #endif
    }

    /// `read(2)`: the count read, 0 at the end, or -1 with `errno` set.
    package static func read(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, pointer, count)
        #elseif canImport(Glibc)
        return Glibc.read(fd, pointer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, pointer, count)
        #endif
    }

    /// `pread(2)`: like ``read(_:_:_:)`` at `offset`, leaving the descriptor's position alone.
    package static func read(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.pread(fd, pointer, count, off_t(offset))
        #elseif canImport(Glibc)
        return Glibc.pread(fd, pointer, count, off_t(offset))
        #elseif canImport(Musl)
        return Musl.pread(fd, pointer, count, off_t(offset))
        #endif
    }

    /// `write(2)`: the count written, or -1 with `errno` set.
    package static func write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, pointer, count)
        #elseif canImport(Glibc)
        return Glibc.write(fd, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, pointer, count)
        #endif
    }

    /// `close(2)`; its result is not looked at (a descriptor is never closed twice here).
    package static func close(_ fd: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(fd)
        #elseif canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #endif
    }
}
