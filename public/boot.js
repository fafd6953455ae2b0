// Starts the portal. Trunk names the wasm-bindgen module and the wasm file with content hashes
// and writes both names into <meta name="portal-wasm">; this file loads them. It is a file, not
// the inline loader Trunk writes by default, so the portal runs under a Content-Security-Policy
// without 'unsafe-inline'.
const names = document.querySelector('meta[name="portal-wasm"]');
const { default: init } = await import(names.dataset.js);
await init({ module_or_path: names.dataset.wasm });
