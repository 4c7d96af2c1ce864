// Stock Pyodide start (see index.html): npm's files, default options.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(py.runPython("1 + 1"));
