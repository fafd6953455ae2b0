// Test page: a frame on an origin that config.json does not allow posts a token (given in the
// query, ?token=…) to its sibling, the portal frame, again and again. The portal must ignore it.
const token = new URLSearchParams(location.search).get("token");
const message = { protocol: "yeti-portal", version: 1, type: "token", token };
let sent = 0;
const timer = setInterval(() => {
  parent.frames[0].postMessage(message, "*");
  document.body.dataset.sent = String(++sent);
  if (sent >= 20) clearInterval(timer);
}, 100);
