// Benchmark baseline: the Pyodide runtime alone (see bare.html).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const py = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
postMessage(py.runPython("1 + 1"));
