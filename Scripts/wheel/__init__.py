"""ChatPayloads' command-line tool, `chatpayloads`, as a native binary (see __main__.py)."""
import os

#: The bundled binary's path, for tools that want to run it themselves.
BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "chatpayloads")
