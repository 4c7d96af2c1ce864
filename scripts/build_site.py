#!/usr/bin/env python3
"""Build the static site (site/) that runs Tramways offline in the browser.

    site/                    everything in web/ (except *.template.* files)
    site/vendor/pyodide/     the five Pyodide runtime files (stdlib zip precompiled to .pyc)
    site/vendor/pyscript/    the @pyscript/core dist without source maps
    site/wheels/             the engine wheel (python -m build --wheel) and its .pyc files
    site/build-info.json     versions, wheel name, content hash (read by the engine worker)
    site/precache.json       every file the service worker caches for offline use
    site/sw.js               web/sw.template.js with the content hash as cache version

Only files whose content changed are rewritten and files that no longer belong are removed,
so a re-run is fast; the wheel and the precompiled stdlib are cached by their inputs' hash
(node_modules/.cache/tramways/).

Usage: python scripts/build_site.py [--out site] [--web web] [--wheel FILE]
                                    [--no-precompile] [--no-snapshot]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
CACHE = NODE_MODULES / ".cache" / "tramways"
PYC_SCRIPT = ROOT / "scripts" / "precompile_pyc.mjs"

# Pyodide needs only these (plus python_stdlib.zip, handled apart); no pyodide.js, maps, d.ts.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# Generated from other files, so left out of the content hash (it would be circular).
GENERATED = ("build-info.json", "precache.json", "sw.js")
# Files the service worker must not precache: itself and its own file list.
NOT_PRECACHED = ("sw.js", "precache.json")

Source = Path | bytes  # a file to copy, or generated content


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def sha256_of(source: Source) -> str:
    if isinstance(source, bytes):
        return hashlib.sha256(source).hexdigest()
    return sha256_file(source)


def walk(directory: Path) -> Iterable[Path]:
    """Regular files below directory, skipping caches and dotfiles, in a stable order."""
    for path in sorted(directory.rglob("*")):
        rel = path.relative_to(directory).parts
        if any(p.startswith(".") or p == "__pycache__" for p in rel) or not path.is_file():
            continue
        if path.suffix == ".pyc":
            continue
        yield path


def npm_version(package_dir: Path) -> str:
    version = json.loads((package_dir / "package.json").read_text())["version"]
    assert isinstance(version, str)
    return version


def run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    """Run a command quietly; show its output only if it fails."""
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"build_site: command failed ({proc.returncode}): {' '.join(cmd)}")


def engine_sources() -> list[Path]:
    """Every input of the engine wheel, for its cache key."""
    files = [ROOT / "pyproject.toml"]
    files += [
        p for p in (ROOT / "setup.py", ROOT / "setup.cfg", ROOT / "MANIFEST.in") if p.exists()
    ]
    files += list(walk(ROOT / "pygame_core"))
    return files


def prune(paths: Iterable[Path], keep: int) -> None:
    """Delete all but the `keep` newest cache entries (the cache grows with every change)."""
    for old in sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)[keep:]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


def build_wheel() -> Path:
    """The engine wheel, built with `python -m build --wheel` unless its sources are unchanged."""
    h = hashlib.sha256()
    for path in engine_sources():
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + sha256_file(path).encode())
    target = CACHE / "wheels" / h.hexdigest()[:16]
    wheels = sorted(target.glob("*.whl")) if target.is_dir() else []
    if wheels:
        return wheels[0]
    print("build_site: building the engine wheel (python -m build --wheel) ...", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="wheel-", dir=CACHE))
    # Fixed timestamps make the wheel (and so the snapshot key) reproducible.
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp), str(ROOT)], env=env)
    built = sorted(tmp.glob("*.whl"))
    if len(built) != 1:
        raise SystemExit(f"build_site: expected one wheel, got {built}")
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp.rename(target)
    prune((CACHE / "wheels").iterdir(), keep=5)
    return target / built[0].name


def precompiled(kind: str, source: Path) -> Path:
    """Pyodide's CPython (in Node) compiles `source` to .pyc; cached by the inputs' hash.
    kind "stdlib": the stdlib zip as sourceless .pyc; "wheel": a zip of the wheel's
    __pycache__ files (see scripts/precompile_pyc.mjs)."""
    key = hashlib.sha256(
        (kind + sha256_file(source) + sha256_file(PYC_SCRIPT) + npm_version(PYODIDE_DIR)).encode()
    ).hexdigest()[:16]
    out = CACHE / f"pyc-{kind}-{key}.zip"
    if not out.exists():
        print(f"build_site: precompiling {source.name} with Pyodide in Node ...", flush=True)
        tmp = out.with_suffix(".tmp")
        extra = [] if kind == "stdlib" else [str(source)]
        run(["node", str(PYC_SCRIPT), str(PYODIDE_DIR), kind, *extra, str(tmp)])
        tmp.rename(out)
        prune(CACHE.glob(f"pyc-{kind}-*.zip"), keep=5)
    return out


def plan_site(args: argparse.Namespace) -> dict[str, Source]:
    """Map of site-relative path -> source, without the generated files."""
    if not PYODIDE_DIR.is_dir() or not PYSCRIPT_DIST.is_dir():
        raise SystemExit("build_site: node_modules is missing: run `npm ci` first")
    CACHE.mkdir(parents=True, exist_ok=True)
    plan: dict[str, Source] = {}
    web: Path = args.web
    for path in walk(web):
        if ".template." in path.name:
            continue
        plan[path.relative_to(web).as_posix()] = path
    for name in PYODIDE_FILES:
        plan[f"vendor/pyodide/{name}"] = PYODIDE_DIR / name
    stdlib = PYODIDE_DIR / "python_stdlib.zip"
    plan["vendor/pyodide/python_stdlib.zip"] = (
        precompiled("stdlib", stdlib) if args.precompile else stdlib
    )
    for path in walk(PYSCRIPT_DIST):
        if path.suffix != ".map":
            plan[f"vendor/pyscript/{path.relative_to(PYSCRIPT_DIST).as_posix()}"] = path
    wheel = Path(args.wheel).resolve() if args.wheel else build_wheel()
    plan[f"wheels/{wheel.name}"] = wheel
    if args.precompile:
        plan[f"wheels/{wheel.stem}.pyc.zip"] = precompiled("wheel", wheel)
    return plan


def add_generated(plan: dict[str, Source], args: argparse.Namespace) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    hashes = {rel: sha256_of(src) for rel, src in plan.items()}
    content = hashlib.sha256()
    for rel in sorted(hashes):
        content.update(f"{rel}\0{hashes[rel]}\n".encode())
    # Flags are part of the content: a variant build must not share a cache version.
    content.update(f"precompile={args.precompile} snapshot={args.snapshot}".encode())
    content_hash = content.hexdigest()[:16]
    wheel = next(rel for rel in plan if rel.startswith("wheels/") and rel.endswith(".whl"))
    bytecode = next((rel for rel in plan if rel.endswith(".pyc.zip")), None)
    pyodide_version = npm_version(PYODIDE_DIR)
    # The memory snapshot holds the imported engine and stdlib modules and depends on the boot
    # code, so its key covers all of them (Pyodide's own BUILD_ID check covers the runtime).
    engine_key = hashlib.sha256(
        "\0".join(
            [
                pyodide_version,
                hashes[wheel],
                hashes[bytecode] if bytecode else "",
                hashes["vendor/pyodide/python_stdlib.zip"],
                hashes.get("ui/engine-boot.mjs", ""),
            ]
        ).encode()
    ).hexdigest()[:16]
    info = {
        "name": "tramways",
        "version": project["version"],
        "wheel": wheel.removeprefix("wheels/"),
        "wheel_sha256": hashes[wheel],
        "bytecode": bytecode.removeprefix("wheels/") if bytecode else None,
        "pyodide": pyodide_version,
        "pyscript": npm_version(PYSCRIPT_DIST.parent),
        "precompiled": args.precompile,
        "snapshot": args.snapshot,
        "engine_key": engine_key,
        "content_hash": content_hash,
    }
    plan["build-info.json"] = (json.dumps(info, indent=2) + "\n").encode()
    files = [f"./{rel}" for rel in sorted(plan) if rel not in NOT_PRECACHED]
    if "index.html" in plan:
        files.insert(0, "./")  # the start URL is requested as the directory
    plan["precache.json"] = (json.dumps(files, indent=1) + "\n").encode()
    template = (args.web / "sw.template.js").read_text()
    if "__VERSION__" not in template:
        raise SystemExit("build_site: sw.template.js has no __VERSION__ placeholder")
    plan["sw.js"] = template.replace("__VERSION__", content_hash).encode()


def sync(out: Path, plan: dict[str, Source]) -> tuple[int, int]:
    """Make out/ hold exactly the planned files; returns (written, removed)."""
    written = removed = 0
    for rel, src in plan.items():
        dest = out / rel
        if isinstance(src, bytes):
            if dest.is_file() and dest.read_bytes() == src:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(src)
        else:
            st = src.stat()
            if dest.is_file():
                dt = dest.stat()
                if dt.st_size == st.st_size and dt.st_mtime_ns == st.st_mtime_ns:
                    continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)  # keeps mtime: the next run can skip it
        written += 1
    for path in sorted(out.rglob("*"), reverse=True):
        rel = path.relative_to(out).as_posix()
        if path.is_file() or path.is_symlink():
            if rel not in plan:
                path.unlink()
                removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written, removed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the static site into site/.")
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output directory")
    parser.add_argument("--web", type=Path, default=WEB, help="source directory (default web/)")
    parser.add_argument("--wheel", help="use this engine wheel instead of building one")
    parser.add_argument(
        "--no-precompile",
        dest="precompile",
        action="store_false",
        help="ship Python sources only, no .pyc (slower first start; for comparisons)",
    )
    parser.add_argument(
        "--no-snapshot",
        dest="snapshot",
        action="store_false",
        help="never use a memory snapshot in the browser (slower start; for comparisons)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    plan = plan_site(args)
    add_generated(plan, args)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    written, removed = sync(out, plan)
    info = json.loads(plan["build-info.json"])  # type: ignore[arg-type]
    print(
        f"build_site: {out} ({len(plan)} files, {written} written, {removed} removed) "
        f"version {info['content_hash']}, wheel {info['wheel']} "
        f"in {time.monotonic() - started:.1f} s"
    )


if __name__ == "__main__":
    main()
