#!/usr/bin/env python3
"""Writes the chatpayloads wheel (Scripts/build-wheel runs it; auditwheel then repairs it).

usage: pack.py VERSION STAGE OUTDIR

STAGE holds what Scripts/build-wheel staged: bin/chatpayloads, bin/chatpayloads-store (the
store commands and the playground server, which `chatpayloads store` and `chatpayloads serve`
exec from beside chatpayloads), lib/icudtNNl.dat (ICU's time zone data, which the two open
from ../lib; see icu-data-file.c), share/man/man1/*.1,
share/bash-completion/completions/chatpayloads, share/zsh/site-functions/_chatpayloads,
share/fish/vendor_completions.d/chatpayloads.fish, LICENSE, README.md. The wheel is tagged
py3-none-linux_x86_64 (auditwheel repair gives it its manylinux tag): the package `chatpayloads`
(the binaries in chatpayloads/bin, ICU's data in chatpayloads/lib, __main__.py exec'ing
chatpayloads, the `chatpayloads` console script) and the man pages and completions as data under
the environment's share/. auditwheel repair writes the final wheel (at -z 9).
"""
import base64
import hashlib
import os
import stat
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TAG = "py3-none-linux_x86_64"


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(version, stage, outdir):
    dist_info = f"chatpayloads-{version}.dist-info"
    data_dir = f"chatpayloads-{version}.data/data"
    with open(os.path.join(stage, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    files = []  # (archive name, bytes, executable)

    def add_file(name, path, executable=False):
        with open(path, "rb") as f:
            files.append((name, f.read(), executable))

    add_file("chatpayloads/__init__.py", os.path.join(HERE, "__init__.py"))
    add_file("chatpayloads/__main__.py", os.path.join(HERE, "__main__.py"))
    add_file("chatpayloads/bin/chatpayloads", os.path.join(stage, "bin", "chatpayloads"), executable=True)
    add_file("chatpayloads/bin/chatpayloads-store", os.path.join(stage, "bin", "chatpayloads-store"), executable=True)
    # ICU's data, which the binaries open from ../lib (Scripts/wheel/icu-data-file.c).
    lib = os.path.join(stage, "lib")
    for name in sorted(os.listdir(lib)):
        add_file("chatpayloads/lib/" + name, os.path.join(lib, name))
    share = os.path.join(stage, "share")
    for root, _, names in sorted(os.walk(share)):
        for name in sorted(names):
            path = os.path.join(root, name)
            add_file(data_dir + "/share/" + os.path.relpath(path, share).replace(os.sep, "/"), path)
    metadata = "\n".join([
        "Metadata-Version: 2.1",
        "Name: chatpayloads",
        f"Version: {version}",
        "Summary: Check chat payloads (users, channels, messages, members, message actions) against the chat schemas; a native binary, no Swift toolchain needed",
        "License: MIT",
        "License-File: LICENSE",
        "Requires-Python: >=3.8",
        "Classifier: License :: OSI Approved :: MIT License",
        "Classifier: Operating System :: POSIX :: Linux",
        "Classifier: Environment :: Console",
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ])
    files.append((f"{dist_info}/METADATA", metadata.encode(), False))
    wheel = f"Wheel-Version: 1.0\nGenerator: chatpayloads Scripts/wheel/pack.py\nRoot-Is-Purelib: false\nTag: {TAG}\n"
    files.append((f"{dist_info}/WHEEL", wheel.encode(), False))
    files.append((f"{dist_info}/entry_points.txt", b"[console_scripts]\nchatpayloads = chatpayloads.__main__:main\n", False))
    add_file(f"{dist_info}/LICENSE", os.path.join(stage, "LICENSE"))
    record = "".join(f"{name},{record_hash(data)},{len(data)}\n" for name, data, _ in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode(), False))

    os.makedirs(outdir, exist_ok=True)
    wheel_path = os.path.join(outdir, f"chatpayloads-{version}-{TAG}.whl")
    with zipfile.ZipFile(wheel_path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data, executable in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if executable else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            archive.writestr(info, data)
    print(wheel_path)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
