// Appended to wasm_split's chunk loader (xtask/src/first_load.rs), whose fetches of the parts
// go through `fetchPart`. The first time a page's code is asked for, none of it is here yet,
// and the loader asks for the page's module and every chunk it needs in the same task: they
// then come in one response, `<module>.first.wasm`, whose custom sections are the parts. Later
// pages find most chunks here and fetch the rest one by one.
let firstParts = null;
let askedBefore = false;

function fetchPart(url) {
  if (askedBefore) return fetch(url);
  return new Promise((resolve) => {
    if (!firstParts) {
      firstParts = [];
      queueMicrotask(fetchFirstParts);
    }
    firstParts.push([url, resolve]);
  });
}

// A part the bundle lacks, or a bundle that cannot come, is fetched on its own.
async function fetchFirstParts() {
  const parts = firstParts;
  askedBefore = true;
  const module = parts.find(([url]) => /\/split_\w+\.wasm$/.test(url.pathname));
  let bundle;
  try {
    if (module) {
      const first = new URL(module[0].href.replace(/\.wasm$/, ".first.wasm"));
      bundle = await WebAssembly.compileStreaming(fetch(first));
    }
  } catch (error) {
    console.warn("the page's code comes part by part:", error);
  }
  for (const [url, resolve] of parts) {
    const name = url.pathname.split("/").pop();
    const [part] = bundle ? WebAssembly.Module.customSections(bundle, name) : [];
    resolve(
      part
        ? new Response(part, { headers: { "Content-Type": "application/wasm" } })
        : fetch(url),
    );
  }
}
