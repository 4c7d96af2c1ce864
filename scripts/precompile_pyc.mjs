// Precompile Python code to .pyc with Pyodide's own CPython, running in Node.
//
// Why: Pyodide's stdlib zip holds only .py sources and a zip is read-only, so every start in
// the browser compiled the stdlib again (about 70% of a cold boot on this machine kind); the
// engine's modules were compiled again on every first boot too. The host's CPython has
// another version (magic number), hence Pyodide's.
//
// Usage:
//   node scripts/precompile_pyc.mjs <pyodide dir> stdlib <output zip>
//       python_stdlib.zip with every module as a sourceless .pyc
//   node scripts/precompile_pyc.mjs <pyodide dir> wheel <wheel> <output zip>
//       the wheel's modules as __pycache__/*.pyc (unchecked-hash: valid whatever the
//       sources' mtimes after unpacking), to unpack over the installed wheel
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, mode, ...rest] = process.argv.slice(2);
if (!pyodideDir || !["stdlib", "wheel"].includes(mode)) {
  console.error("usage: node precompile_pyc.mjs <pyodide dir> stdlib <out> | wheel <whl> <out>");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL });

// The zip Pyodide mounted at start-up is the npm package's python_stdlib.zip.
const STDLIB = `
import importlib.util, marshal, sys, zipfile

src = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
header = importlib.util.MAGIC_NUMBER + (0).to_bytes(4, "little")  # flags 0: timestamp pyc
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(
    "/tmp/out.zip", "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9
) as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        data = zin.read(info)
        name = info.filename
        if name.endswith(".py"):
            try:
                code = compile(data, f"{src}/{name}", "exec", dont_inherit=True)
            except SyntaxError:
                pass  # keep unparsable files (test data) as they are
            else:
                # zipimport accepts a sourceless .pyc whatever its mtime; 0 keeps the zip reproducible.
                size = (len(data) & 0xFFFFFFFF).to_bytes(4, "little")
                out = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
                out.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(out, header + (0).to_bytes(4, "little") + size + marshal.dumps(code))
                continue
        out = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        out.compress_type = zipfile.ZIP_DEFLATED
        zout.writestr(out, data)
`;

// Compiled with the paths the modules get in the browser (site-packages), so tracebacks match.
const WHEEL = `
import importlib.util, marshal, sys, zipfile

site = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
tag = sys.implementation.cache_tag
header = importlib.util.MAGIC_NUMBER + (1 | 0).to_bytes(4, "little")  # hash-based, unchecked
with zipfile.ZipFile("/tmp/in.whl") as zin, zipfile.ZipFile(
    "/tmp/out.zip", "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9
) as zout:
    for name in sorted(zin.namelist()):
        if not name.endswith(".py") or ".dist-info/" in name:
            continue
        data = zin.read(name)
        code = compile(data, f"{site}/{name}", "exec", dont_inherit=True)
        folder, _, stem = name.rpartition("/")
        target = f"{folder}/__pycache__/{stem[:-3]}.{tag}.pyc".lstrip("/")
        out = zipfile.ZipInfo(target, date_time=(1980, 1, 1, 0, 0, 0))
        out.compress_type = zipfile.ZIP_DEFLATED
        zout.writestr(out, header + importlib.util.source_hash(data) + marshal.dumps(code))
`;

let outPath;
if (mode === "stdlib") {
  [outPath] = rest;
  py.runPython(STDLIB);
} else {
  const [wheel, out] = rest;
  outPath = out;
  py.FS.writeFile("/tmp/in.whl", new Uint8Array(readFileSync(wheel)));
  py.runPython(WHEEL);
}
writeFileSync(outPath, py.FS.readFile("/tmp/out.zip"));
