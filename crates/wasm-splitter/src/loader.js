// Appended to wasm_split's loader by the splitter (crates/wasm-splitter/src/loader.rs), after
// `FIRST_LOAD_MODULES` (the split modules that have a first-load bundle, `<module>.first.wasm`)
// and `COMPANION_MODULES` (the modules asked for with every other one, whose parts each bundle
// carries too). The loader's fetches of the parts go through `fetchPart`, its instantiations
// through `instantiatePart`.

// The parts asked for in the task of the first ask, before anything is fetched: [url, resolve].
let firstAsk = null;
// Once the first ask's task has ended: the promise of the bundle then fetched (compiled), or of
// null when none was.
let firstBundle = null;
// Why the latest part that failed could not load (see `instantiatePart`).
let latestFailure = null;

// For the app (its Rust side, after a split point's `SplitLoaderError`): "gone" when the
// server answered with something that is not the part (404 or 410, a document of another type,
// a file that does not compile or link: the parts of this build are no longer served, and only
// loading the page again helps), "network" when no answer came or the server failed (trying
// again may help); null before any failure.
globalThis.wasmPartFailure = () => latestFailure;

// The first time code is asked for, none of it is here yet: the parts asked for in that task
// (a page's split modules and the chunks they need) come in the bundle of the page's module.
// Every part comes from that bundle if it holds it, else on its own.
function fetchPart(url) {
  if (firstBundle) return firstBundle.then((bundle) => partFrom(bundle, url));
  if (!firstAsk) {
    firstAsk = [];
    queueMicrotask(fetchFirstParts);
  }
  return new Promise((resolve) => firstAsk.push([url, resolve]));
}

function fetchFirstParts() {
  const asked = firstAsk.map(([url]) => url);
  const modules = asked.filter((url) => FIRST_LOAD_MODULES.includes(fileName(url)));
  const own = modules.find((url) => !COMPANION_MODULES.includes(fileName(url))) ?? modules[0];
  // A bundle that cannot come is only a missed shortcut: each part is fetched on its own.
  firstBundle = own
    ? WebAssembly.compileStreaming(fetch(own.href.replace(/\.wasm$/, ".first.wasm"))).catch(
        (error) => {
          console.warn("the page's code comes part by part:", error);
          return null;
        },
      )
    : Promise.resolve(null);
  for (const [url, resolve] of firstAsk) resolve(firstBundle.then((b) => partFrom(b, url)));
}

function fileName(url) {
  return url.pathname.split("/").pop();
}

// The part at `url`: from `bundle` if it holds it, else fetched.
function partFrom(bundle, url) {
  const [part] = bundle ? WebAssembly.Module.customSections(bundle, fileName(url)) : [];
  return part
    ? new Response(part, { headers: { "Content-Type": "application/wasm" } })
    : fetch(url);
}

// Instantiates the part `answer` (a promise of its response), noting why it failed, if it does.
async function instantiatePart(answer, imports) {
  let response;
  try {
    response = await answer;
  } catch (error) {
    throw failed("network", error);
  }
  if (!response.ok) {
    const gone = response.status === 404 || response.status === 410;
    throw failed(gone ? "gone" : "network", new Error(`${response.url}: ${response.status}`));
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/wasm")) {
    throw failed("gone", new Error(`${response.url} is ${type}, not wasm`));
  }
  // A copy of the body, read only if the part fails: whole, the part came and is not this
  // build's (it does not compile, link or start); cut short, the network failed.
  const copy = response.clone();
  try {
    const instance = await WebAssembly.instantiateStreaming(response, imports);
    copy.body?.cancel();
    return instance;
  } catch (error) {
    const came = await copy.arrayBuffer().then(() => true, () => false);
    throw failed(came ? "gone" : "network", error);
  }
}

function failed(kind, error) {
  latestFailure = kind;
  return error;
}
