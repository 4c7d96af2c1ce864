#!/usr/bin/env bash
# README command 2 (and CI, .ci/run): everything that must pass, from a fresh Debian machine
# (run as root: it installs Chromium with apt). Fails at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

if [ ! -x /usr/bin/chromium ]; then
  step "apt-get install chromium"
  apt-get update
  apt-get install -y chromium
fi

step "npm ci + Python venv"
source scripts/setup_env.sh

step "build site/"
.venv/bin/python scripts/build_site.py

step "ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

step "mypy (strict)"
.venv/bin/mypy

step "pytest tests e2e"
.venv/bin/python -m pytest tests e2e
