"""`chatpayloads` (the console script) and `python -m chatpayloads`: runs the bundled binary.

The process becomes the binary (os.execv), so its exit status, signals and standard streams are
the binary's own.
"""
import os
import sys

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "chatpayloads")


def main():
    os.execv(BINARY, [BINARY] + sys.argv[1:])


if __name__ == "__main__":
    main()
