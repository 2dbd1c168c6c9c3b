#!/usr/bin/env python3
"""icu-data-subset.py FULL.dat OUT.dat ITEM...

Writes OUT.dat, an ICU common data file ("CmnD", the format of icudtNNl.dat) holding only the
named items of FULL.dat (ITEM is an item's name without the package, e.g. `zoneinfo64.res`),
byte for byte, in FULL.dat's order. Scripts/build-wheel ships this subset as lib/icudtNNl.dat:
what the shipped binaries ask ICU for is the time zone data (Hummingbird's Date header builds a
Gregorian calendar in the current time zone when `serve` starts; see ARCHITECTURE.md, "Binaries
and start-up"), and Scripts/wheel/icu-data-file.c ends the process with exit code 70 if ICU is
ever asked for an item not in the list, so a missing item is never a silent fallback.

Fails (exit 1, saying why) if FULL.dat is not common data or lacks an item. Debian's icupkg
(ICU 72) cannot read ICU 76's data ("total length of item name strings too long"), hence this.
"""
import struct
import sys


def fail(message):
    sys.exit(f"icu-data-subset.py: {message}")


def main():
    if len(sys.argv) < 4:
        fail("usage: icu-data-subset.py FULL.dat OUT.dat ITEM...")
    full_path, out_path, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    data = open(full_path, "rb").read()
    # MappedData header: headerSize (uint16), magic 0xda 0x27, then UDataInfo: size, reserved,
    # isBigEndian, charsetFamily, sizeofUChar, reserved, dataFormat "CmnD", formatVersion,
    # dataVersion. Then the table of contents: count, count × (nameOffset, dataOffset), names,
    # items; the offsets count from the table's start (headerSize).
    if len(data) < 32 or data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD" or data[8] != 0:
        fail(f"{full_path} is not little-endian ICU common data")
    header_size = struct.unpack_from("<H", data, 0)[0]
    count = struct.unpack_from("<I", data, header_size)[0]
    entries = []
    for index in range(count):
        name_offset, data_offset = struct.unpack_from("<II", data, header_size + 4 + 8 * index)
        end = data.index(b"\0", header_size + name_offset)
        entries.append((data[header_size + name_offset:end].decode("ascii"), data_offset))
    offsets = [offset for _, offset in entries]
    if offsets != sorted(offsets):
        fail(f"{full_path}: items are not stored in the order of their names")
    package = entries[0][0].split("/", 1)[0]
    items = {}
    for index, (name, offset) in enumerate(entries):
        end = entries[index + 1][1] if index + 1 < count else len(data) - header_size
        items[name] = data[header_size + offset:header_size + end]
    chosen = []
    for item in wanted:
        name = f"{package}/{item}"
        if name not in items:
            fail(f"{full_path} has no item {name}")
        chosen.append(name)
    chosen = sorted(set(chosen))  # ICU finds an item by binary search over the names
    names = b"".join(name.encode("ascii") + b"\0" for name in chosen)
    table_size = 4 + 8 * len(chosen) + len(names)
    first = (header_size + table_size + 15) // 16 * 16 - header_size  # items 16-byte aligned
    table = struct.pack("<I", len(chosen))
    layout, name_offset, data_offset = b"", 4 + 8 * len(chosen), first
    for name in chosen:
        table += struct.pack("<II", name_offset, data_offset)
        name_offset += len(name) + 1
        body = items[name] + b"\0" * (-len(items[name]) % 16)
        layout += body
        data_offset += len(body)
    table += names
    table += b"\0" * (first - len(table))
    with open(out_path, "wb") as out:
        out.write(data[:header_size] + table + layout)


main()
