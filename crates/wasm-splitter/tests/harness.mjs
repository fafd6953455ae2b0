// Loads the split fixture (tests/fixture) in Node as a page does in a browser, for tests/split.rs:
// `node harness.mjs <parts dir> <steps>`. `fetch` reads the parts' files, unless the step's
// `answers` say otherwise for a file (its name, or `*` and the end of its name): "network" (no
// answer), "html" (a document of another type), or a status such as "404". Each step opens a
// page of the fixture; what it prints, one JSON line per step: the page drawn, the files it
// fetched, in order, their bytes, and why the latest part that failed could not load.
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [dir, stepsJson] = process.argv.slice(2);
const steps = JSON.parse(stepsJson);
const base = pathToFileURL(dir.endsWith("/") ? dir : `${dir}/`);

let answers = {};
let fetched = [];
globalThis.fetch = async (url) => {
  const file = new URL(url).pathname.split("/").pop();
  const answer =
    answers[file] ??
    Object.entries(answers).find(([key]) => key.startsWith("*") && file.endsWith(key.slice(1)))?.[1];
  const entry = { file, answer: answer ?? null };
  fetched.push(entry);
  if (answer === "network") throw new TypeError("fetch failed");
  if (answer === "html") {
    return new Response("<!doctype html><title>Portal</title>", {
      headers: { "Content-Type": "text/html" },
    });
  }
  if (answer) return new Response("", { status: Number(answer) });
  const bytes = await readFile(new URL(url));
  entry.bytes = bytes.length;
  return new Response(bytes, { headers: { "Content-Type": "application/wasm" } });
};
// The loader tells the console about every failure: quiet here, the steps say it.
console.error = () => {};
console.warn = () => {};

const app = await import(new URL("fixture.js", base));
await app.default({ module_or_path: new URL("fixture_bg.wasm", base) });

// The fixture's page `name`, once drawn: the waker calls `fixtureWake`.
function open(name) {
  return new Promise((resolve) => {
    globalThis.fixtureNote = () => {};
    globalThis.fixtureWake = () =>
      queueMicrotask(() => {
        const drawn = app.poll();
        if (drawn !== undefined) resolve(drawn);
      });
    const drawn = app.open(name);
    if (drawn !== undefined) resolve(drawn);
  });
}

for (const step of steps) {
  answers = step.answers ?? {};
  fetched = [];
  const drawn = await open(step.open);
  console.log(JSON.stringify({ drawn, fetched, failure: globalThis.wasmPartFailure() }));
}
