// The start of the portal, the entry of the module the splitter bundles with the wasm-bindgen
// glue and the chunk loader (xtask/src/split.rs): it shows index.html's sign-in form while the
// code downloads, then starts the code. `facts.js` is written by the build from the Rust source
// (xtask/src/start/mod.rs); `choice.js` decides as the portal does, held to it by a test.
import init, { initSync } from "./portal.js";
import {
  CREDENTIAL_KEYS,
  DEFAULT_TITLE,
  EARLY_TEXTS,
  PREFS_KEY,
  PREFS_VERSION,
  SHIPPED_LANGUAGES,
} from "./facts.js";
import { chosenLanguage, deploymentLanguages, productName, storedLanguage } from "./choice.js";
export { initSync };

// config.json, asked for once: index.html preloads it, the sign-in form below reads a copy,
// and the portal takes this answer (src/config.rs) instead of asking again.
const configUrl = new URL("config.json", document.baseURI);
let config = fetch(configUrl);
globalThis.takePortalConfig = () => {
  const answer = config ?? fetch(configUrl);
  config = null;
  return answer;
};

// A task of its own for each step of the portal's start (src/app.rs `next_task`). A message,
// not a timer: a timer waits a second or more in a background tab.
globalThis.portalNextTask = () =>
  new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve();
    port2.postMessage(null);
  });

// A form not shown goes at once: the portal draws its own (and `main` and `h1` stay one each).
const earlyPage = document.getElementById("early-sign-in");
showSignInEarly(earlyPage, config)
  .catch(() => false)
  .then((shown) => shown || earlyPage?.remove());

await init({ module_or_path: new URL("./portal_bg.wasm", import.meta.url) });

// Shows the sign-in form, and answers whether it did, to a visitor whom the portal will send
// there (signed out, not in a frame), in the language the portal will choose for them (their
// choice, else the deployment's, else their browser's, among the offered ones). What they do
// there goes into the portal's own form once it shows (`handOver`).
async function showSignInEarly(page, configAnswer) {
  if (!page || window.top !== window || hasCredential()) return false;
  const answer = await configAnswer;
  if (!answer.ok) return false;
  const deployment = await answer.clone().json();
  const boot = document.getElementById("boot");
  const language = languageOf(deployment);
  const texts = EARLY_TEXTS[language];
  // The portal came first, or the build carries no texts for that language.
  if (!boot || !texts) return false;
  page.lang = language;
  for (const element of page.querySelectorAll("[data-text]")) {
    element.textContent = texts[element.dataset.text];
  }
  page.querySelector(".brand-name").textContent = productName(deployment, language, DEFAULT_TITLE);
  const form = page.querySelector("form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    form.dataset.submitted = "";
    const button = form.querySelector("button");
    button.textContent = texts[button.dataset.busyText];
    button.disabled = true;
  });
  handOver(page, form);
  boot.hidden = true;
  page.hidden = false;
  performance.mark("portal:sign-in-shown");
  return true;
}

// The portal takes index.html's skeleton away when it draws itself (src/lib.rs
// `remove_skeleton`): the early form goes then, and what was done in it goes into the portal's
// sign-in form (src/pages/login.rs) as the visitor's own input once that form is there: each
// field's text or tick, the focus and caret, and a submit.
function handOver(page, form) {
  let focused = [];
  const observer = new MutationObserver(() => {
    if (document.getElementById("boot")) return;
    if (page.isConnected) {
      const { activeElement: field } = document;
      focused = form.contains(field) && [field, field.selectionStart, field.selectionEnd];
      page.remove();
    }
    const portalForm = document.getElementById("login-form");
    // Until the portal shows its form, unless a session started without it.
    if (!portalForm && !hasCredential()) return;
    observer.disconnect();
    if (!portalForm) return;
    for (const early of form.querySelectorAll("input")) {
      const input = portalForm.elements[early.name];
      if (!(input instanceof HTMLInputElement)) continue;
      const box = input.type === "checkbox";
      input[box ? "checked" : "value"] = early[box ? "checked" : "value"];
      input.dispatchEvent(new Event(box ? "change" : "input", { bubbles: true }));
      if (early === focused[0]) {
        input.focus();
        // After the portal has written the value back, which puts the caret at the end.
        if (!box) requestAnimationFrame(() => input.setSelectionRange(focused[1], focused[2]));
      }
    }
    if ("submitted" in form.dataset) portalForm.requestSubmit();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

// Storage the browser refuses throws, and the form then waits for the portal.
function hasCredential() {
  return CREDENTIAL_KEYS.some(
    (key) => sessionStorage.getItem(key) !== null || localStorage.getItem(key) !== null,
  );
}

// The language the portal will choose (src/app.rs `chosen_language`).
function languageOf(deployment) {
  const { offered, deployment: named } = deploymentLanguages(deployment, SHIPPED_LANGUAGES);
  const stored = storedLanguage(localStorage.getItem(PREFS_KEY), PREFS_VERSION);
  return chosenLanguage(stored, offered, named, [...navigator.languages]);
}
