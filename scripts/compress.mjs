// Precompress site files for scripts/build_site.py: writes <out>.br (brotli) and <out>.gz
// for each job, in parallel (Node's zlib runs them on its thread pool). Python's
// stdlib has no brotli; Node's zlib has.
//
// Usage: node scripts/compress.mjs <jobs.json>
//   jobs.json: [{"src": "<file>", "out": "<path without extension>", "br": 11, "gz": 9}, ...]
//   (br: brotli quality 0-11, gz: gzip level 1-9)
import { readFile, writeFile, rename } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function put(path, data) {
  await writeFile(`${path}.tmp`, data);
  await rename(`${path}.tmp`, path);
}

const jobs = JSON.parse(await readFile(process.argv[2], "utf8"));
await Promise.all(
  jobs.map(async ({ src, out, br: quality, gz: level }) => {
    const data = await readFile(src);
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    };
    const [br, gz] = await Promise.all([brotli(data, { params }), gzip(data, { level })]);
    await Promise.all([put(`${out}.br`, br), put(`${out}.gz`, gz)]);
  }),
);
