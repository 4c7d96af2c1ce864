#!/usr/bin/env bash
# README command 1: install the build tools, build site/ and serve it on http://127.0.0.1:PORT/
# Usage: bash scripts/dev.sh [PORT]   (default 8000)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup_env.sh

.venv/bin/python scripts/build_site.py
exec .venv/bin/python scripts/serve.py --port "${1:-8000}"
