# Shared by dev.sh and test.sh (sourced): Node packages and the Python venv (.venv).
# Re-runs are quick: npm ci only when package-lock.json changed, pip only installs what's missing.

command -v node >/dev/null && command -v npm >/dev/null || {
  echo "Node.js 20+ and npm are required (https://nodejs.org or: apt-get install nodejs npm)" >&2
  exit 1
}
PYTHON="${PYTHON:-python3}"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "Python 3.11+ is required (set PYTHON=/path/to/python3.11)" >&2
  exit 1
}

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv || {
    echo "could not create .venv (on Debian: apt-get install -y python3-venv)" >&2
    exit 1
  }
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
