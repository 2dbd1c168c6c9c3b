# Sourced by run.sh and store.sh: the peers' virtual environment in Benchmarks/.venv, created (or
# brought up to date when requirements.txt changes) with the peers from PyPI; sets VPY to its
# python. Expects HERE (this folder), PYTHON and a `log` function from the sourcing script.
VENV="$HERE/.venv"
STAMP="$VENV/.installed-$(sha256sum "$HERE/requirements.txt" | cut -c1-16)"
if [ ! -e "$STAMP" ]; then
    log "creating $VENV and installing the peers from PyPI (requirements.txt)"
    [ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2
    "$VENV/bin/python" -m pip install --quiet -r "$HERE/requirements.txt" >&2
    touch "$STAMP"
fi
VPY="$VENV/bin/python"
