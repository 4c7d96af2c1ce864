#!/usr/bin/env python3
"""Build the static site (site/) that runs Tramways offline in the browser.

    site/                    everything in web/ (except *.template.* files)
    site/vendor/pyodide/     the five Pyodide runtime files (stdlib zip precompiled to .pyc)
    site/vendor/pyscript/    the @pyscript/core dist without source maps
    site/wheels/             the engine wheel (python -m build --wheel), its .pyc files and
                             the engine's memory snapshot (snapshot-<engine key>.bin)
    site/build-info.json     versions, wheel name, content hash (read by the engine worker)
    site/precache.json       every file the service worker caches for offline use
    site/sw.js               web/sw.template.js with the content hash as cache version
    site/**/*.br, *.gz       precompressed copies of the compressible files (scripts/serve.py
                             serves them to browsers that accept them; not precached)

Only files whose content changed are rewritten and files that no longer belong are removed,
so a re-run is fast; the wheel, the precompiled stdlib, the snapshot and the compressed copies
are cached by their inputs' hash (node_modules/.cache/tramways/).

Usage: python scripts/build_site.py [--out site] [--web web] [--wheel FILE]
                                    [--no-precompile] [--no-snapshot] [--no-compress]
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
CACHE = NODE_MODULES / ".cache" / "tramways"
PYC_SCRIPT = ROOT / "scripts" / "precompile_pyc.mjs"
SNAPSHOT_SCRIPT = ROOT / "scripts" / "make_snapshot.mjs"
COMPRESS_SCRIPT = ROOT / "scripts" / "compress.mjs"

# Pyodide needs only these (plus python_stdlib.zip, handled apart); no pyodide.js, maps, d.ts.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# Generated from other files, so left out of the content hash (it would be circular).
GENERATED = ("build-info.json", "precache.json", "sw.js")
# Files the service worker must not precache: itself and its own file list.
NOT_PRECACHED = ("sw.js", "precache.json")
# Precompressed siblings: only for types that compress (not .zip/.whl, already deflated),
# only from this size on, and only when they save at least 10%.
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".html", ".css", ".svg", ".py", ".bin", ".tar")
COMPRESS_MIN_BYTES = 1024
ENCODINGS = (".br", ".gz")
SNAPSHOT_MAGIC = 0x31535754  # "TWS1", see scripts/make_snapshot.mjs

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
    plan["vendor/pyodide/pyodide.asm.mjs"] = compiled_on_load(PYODIDE_DIR / "pyodide.asm.mjs")
    stdlib = PYODIDE_DIR / "python_stdlib.zip"
    if args.precompile:
        stdlib = precompiled("stdlib", stdlib)
    plan["vendor/pyodide/python_stdlib.zip"] = stdlib
    for path in walk(PYSCRIPT_DIST):
        if path.suffix != ".map":
            plan[f"vendor/pyscript/{path.relative_to(PYSCRIPT_DIST).as_posix()}"] = path
    wheel = Path(args.wheel).resolve() if args.wheel else build_wheel()
    plan[f"wheels/{wheel.name}"] = wheel
    bytecode = precompiled("wheel", wheel) if args.precompile else None
    if bytecode:
        plan[f"wheels/{wheel.stem}.pyc.zip"] = bytecode
    if args.snapshot:
        key = engine_key(stdlib, wheel, bytecode)
        plan[f"wheels/snapshot-{key}.bin"] = memory_snapshot(key, stdlib, wheel, bytecode)
        plan[f"wheels/{wheel.stem}.tar"] = wheel_as_tar(wheel)
    return plan


# V8's explicit compile hint (Chrome 136+; other engines read a comment): compile every
# function of the file when the file is compiled, so that V8's code cache holds them all.
COMPILE_ALL_HINT = b"//# allFunctionsCalledOnLoad\n"


def compiled_on_load(module: Path) -> bytes:
    """`module` with V8's hint to compile all its functions at once. Pyodide's runtime module
    is one 1.25 MB factory function that a start calls once: V8 compiled it and the hundreds
    of functions a restore calls lazily, on the engine worker's thread, at every start (~80 ms
    on a return visit), because its code cache only holds what was compiled when the cache
    was made (docs/architecture.md, "Start-up")."""
    data = module.read_bytes()
    return data if data.startswith(COMPILE_ALL_HINT) else COMPILE_ALL_HINT + data


def wheel_as_tar(wheel: Path) -> Path:
    """The wheel's files as an uncompressed ustar archive. After a snapshot restore the worker
    writes them back to site-packages with plain JS (~1 ms; Pyodide's unpackArchive of the
    wheel runs Python's zipfile: 60-250 ms on the critical path)."""
    out = CACHE / f"files-{sha256_file(wheel)[:16]}.tar"
    if out.exists():
        return out
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as zin, tarfile.open(tmp, "w", format=tarfile.USTAR_FORMAT) as tar:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            if info.is_dir():
                continue
            if not info.filename.isascii():  # engine-boot.mjs reads the names as ASCII
                raise SystemExit(f"build_site: non-ASCII name in the wheel: {info.filename}")
            data = zin.read(info)
            member = tarfile.TarInfo(info.filename)  # reproducible: mtime 0, root, 0644
            member.size = len(data)
            member.mode = 0o644
            tar.addfile(member, io.BytesIO(data))
    tmp.rename(out)
    prune(CACHE.glob("files-*.tar"), keep=5)
    return out


def snapshot_layout(snapshot: Source) -> dict[str, int]:
    """Pyodide's header length and the heap length of a snapshot file (make_snapshot.mjs)."""
    head = snapshot[:24] if isinstance(snapshot, bytes) else snapshot.open("rb").read(24)
    magic, _, pyodide_header, heap = struct.unpack("<4I", head[:16])
    if magic != SNAPSHOT_MAGIC:
        raise SystemExit("build_site: the memory snapshot has an unknown format")
    return {"pyodide_header": pyodide_header, "heap": heap}


def engine_key(stdlib: Path, wheel: Path, bytecode: Path | None) -> str:
    """Hash of everything the memory snapshot holds: the runtime, the stdlib, the engine and
    the script that makes it. A new engine build gets a new key, so it never restores old
    Python code (Pyodide's own BUILD_ID check covers the runtime's binary)."""
    parts = [
        npm_version(PYODIDE_DIR),
        sha256_file(PYODIDE_DIR / "pyodide.asm.wasm"),
        sha256_file(stdlib),
        sha256_file(wheel),
        sha256_file(bytecode) if bytecode else "",
        sha256_file(SNAPSHOT_SCRIPT),
    ]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def memory_snapshot(key: str, stdlib: Path, wheel: Path, bytecode: Path | None) -> Path:
    """The engine's memory snapshot, made by Pyodide in Node (scripts/make_snapshot.mjs);
    cached by its key."""
    out = CACHE / f"snapshot-{key}.bin"
    if not out.exists():
        print("build_site: making the engine's memory snapshot (Pyodide in Node) ...", flush=True)
        tmp = out.with_suffix(".tmp")
        run(
            [
                "node",
                str(SNAPSHOT_SCRIPT),
                str(PYODIDE_DIR),
                str(stdlib),
                str(wheel),
                str(bytecode) if bytecode else "-",
                key,
                str(tmp),
            ]
        )
        tmp.rename(out)
        prune(CACHE.glob("snapshot-*.bin"), keep=5)
    return out


def check_preloads(plan: dict[str, Source]) -> None:
    """Every <link rel="modulepreload" href> of the pages must name a site file: index.html
    preloads a chunk of PyScript by its hashed name, which changes with PyScript's version."""
    for rel, src in plan.items():
        if not rel.endswith(".html") or isinstance(src, bytes):
            continue
        for href in re.findall(r'<link rel="modulepreload" href="([^"]+)"', src.read_text()):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), href))
            if target not in plan:
                raise SystemExit(f"build_site: {rel} preloads {href}, which is not in the site")


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
    snapshot = next((rel for rel in plan if rel.startswith("wheels/snapshot-")), None)
    tar = next((rel for rel in plan if rel.startswith("wheels/") and rel.endswith(".tar")), None)
    pyodide_version = npm_version(PYODIDE_DIR)
    key = snapshot.removeprefix("wheels/snapshot-").removesuffix(".bin") if snapshot else None
    info = {
        "name": "tramways",
        "version": project["version"],
        "wheel": wheel.removeprefix("wheels/"),
        "wheel_sha256": hashes[wheel],
        "bytecode": bytecode.removeprefix("wheels/") if bytecode else None,
        "pyodide": pyodide_version,
        # pyodide-lock.json's "info": the engine worker passes Pyodide a lock file without
        # packages (it loads none), so that it need not fetch and index the real one.
        "pyodide_lock_info": json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())["info"],
        "pyscript": npm_version(PYSCRIPT_DIST.parent),
        "precompiled": args.precompile,
        # The memory snapshot the engine worker restores (null: it boots Python each time).
        "snapshot": snapshot.removeprefix("wheels/") if snapshot else None,
        # Sizes from the snapshot's header: the worker sizes the runtime before it has the file.
        "snapshot_layout": snapshot_layout(plan[snapshot]) if snapshot else None,
        # The wheel's files, written back to site-packages after a restore.
        "files": tar.removeprefix("wheels/") if tar else None,
        "engine_key": key,
        "content_hash": content_hash,
    }
    plan["build-info.json"] = (json.dumps(info, indent=2) + "\n").encode()
    precache = [f"./{rel}" for rel in sorted(plan) if rel not in NOT_PRECACHED]
    if "index.html" in plan:
        precache.insert(0, "./")  # the start URL is requested as the directory
    plan["precache.json"] = (json.dumps(precache, indent=1) + "\n").encode()
    template = (args.web / "sw.template.js").read_text()
    if "__VERSION__" not in template:
        raise SystemExit("build_site: sw.template.js has no __VERSION__ placeholder")
    plan["sw.js"] = template.replace("__VERSION__", content_hash).encode()


def add_compressed(plan: dict[str, Source]) -> None:
    """Add .br and .gz siblings of the compressible files (made by scripts/compress.mjs and
    cached by content). They are derived, so they are neither hashed nor precached: the
    server picks one by the request's Accept-Encoding (scripts/serve.py), and the browser
    (and the service worker's cache) sees the original bytes."""
    cache = CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    jobs: list[dict[str, object]] = []
    candidates: list[tuple[str, Path, int]] = []
    for rel, src in sorted(plan.items()):
        size = len(src) if isinstance(src, bytes) else src.stat().st_size
        if not rel.endswith(COMPRESSIBLE) or size < COMPRESS_MIN_BYTES:
            continue
        base = cache / sha256_of(src)[:32]
        if not all(Path(f"{base}{enc}").exists() for enc in ENCODINGS):
            if isinstance(src, bytes):
                raw = base.with_suffix(".raw")
                raw.write_bytes(src)
                src = raw
            # The snapshot changes with every engine build: quicker levels (about 1.5 s,
            # 3% bigger than the best); everything else once per version, the best.
            fast = rel.startswith("wheels/snapshot-")
            jobs.append(
                {"src": str(src), "out": str(base), "br": 6 if fast else 11, "gz": 6 if fast else 9}
            )
        candidates.append((rel, base, size))
    if jobs:
        print(f"build_site: compressing {len(jobs)} files (brotli, gzip) ...", flush=True)
        with tempfile.NamedTemporaryFile("w", suffix=".json", dir=cache, delete=False) as f:
            json.dump(jobs, f)
        try:
            run(["node", str(COMPRESS_SCRIPT), f.name])
        finally:
            Path(f.name).unlink(missing_ok=True)
            for raw in cache.glob("*.raw"):
                raw.unlink()
    now = time.time()
    for rel, base, size in candidates:
        for enc in ENCODINGS:
            path = Path(f"{base}{enc}")
            os.utime(path, (now, path.stat().st_mtime))  # atime: recently used (see prune)
            if path.stat().st_size <= size * 0.9:
                plan[rel + enc] = path
    # Keep what recent builds used: the big files (snapshots) few, the small ones many.
    entries = [p for p in cache.iterdir() if p.suffix in ENCODINGS]
    big = [p for p in entries if p.stat().st_size >= 1 << 20]
    for group, keep in ((big, 20), ([p for p in entries if p not in big], 2000)):
        for old in sorted(group, key=lambda p: p.stat().st_atime, reverse=True)[keep:]:
            old.unlink(missing_ok=True)


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
        help="ship no memory snapshot: the worker boots Python each time (for comparisons)",
    )
    parser.add_argument(
        "--no-compress",
        dest="compress",
        action="store_false",
        help="no precompressed .br/.gz copies (for comparisons)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    plan = plan_site(args)
    check_preloads(plan)
    add_generated(plan, args)
    if args.compress:
        add_compressed(plan)
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
