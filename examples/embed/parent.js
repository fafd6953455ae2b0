// The parent side of the portal's embedding protocol (docs/embedding.md), as a provider's
// page would implement it. Everything the portal is told comes from here; the token comes from
// this page's own backend, never from a URL.

const PROTOCOL = "yeti-portal";
const VERSION = 1;

const params = new URLSearchParams(location.search);
// ?signIn=manual: wait for the "Sign in the portal" button instead of answering "ready".
const manualSignIn = params.get("signIn") === "manual";
// ?foreign=<url>: also show a frame from another origin (tests: it must not reach the portal).
const foreign = params.get("foreign");

const config = await (await fetch("parent-config.json")).json();
const portalOrigin = new URL(config.portalUrl, location.href).origin;

const frame = document.createElement("iframe");
frame.name = "portal";
frame.title = "Customer portal";
frame.src = config.portalUrl;
document.getElementById("frame-box").append(frame);
if (foreign) {
  const other = document.createElement("iframe");
  other.name = "foreign";
  other.title = "Another site";
  other.src = foreign;
  document.getElementById("frame-box").append(other);
}

const log = (text) => {
  const item = document.createElement("li");
  item.textContent = text;
  document.getElementById("log").append(item);
};

const send = (type, fields = {}) => {
  // Addressed to the portal's origin only: if the frame navigated elsewhere, nothing is sent.
  frame.contentWindow.postMessage({ protocol: PROTOCOL, version: VERSION, type, ...fields }, portalOrigin);
  log(`→ ${type}`);
};

async function sendToken() {
  const answer = await fetch("token", { method: "POST" });
  if (!answer.ok) {
    log(`token: the backend answered ${answer.status}`);
    return;
  }
  const { token } = await answer.json();
  send("token", { token });
}

const theme = document.getElementById("theme");
const locale = document.getElementById("locale");
const timeZone = document.getElementById("time-zone");
const hideChrome = document.getElementById("hide-chrome");
const sendLook = () => {
  send("theme", { theme: theme.value });
  send("locale", { locale: locale.value });
  send("time-zone", { timeZone: timeZone.value });
  send("chrome", { hidden: hideChrome.checked });
};
theme.addEventListener("change", () => send("theme", { theme: theme.value }));
locale.addEventListener("change", () => send("locale", { locale: locale.value }));
timeZone.addEventListener("change", () => send("time-zone", { timeZone: timeZone.value }));
hideChrome.addEventListener("change", () => send("chrome", { hidden: hideChrome.checked }));
document.getElementById("sign-in").addEventListener("click", sendToken);
for (const button of document.querySelectorAll("button[data-path]")) {
  button.addEventListener("click", () => send("navigate", { path: button.dataset.path }));
}

let tokenRequests = 0;
window.addEventListener("message", async (event) => {
  // Only our portal frame, on the portal's origin, speaking this protocol.
  if (event.origin !== portalOrigin || event.source !== frame.contentWindow) return;
  const message = event.data;
  if (!message || message.protocol !== PROTOCOL || message.version !== VERSION) return;
  switch (message.type) {
    case "ready":
      log("← ready");
      sendLook();
      if (!manualSignIn) await sendToken();
      break;
    case "token-request":
      log(`← token-request (${message.reason})`);
      document.getElementById("token-requests").value = String(++tokenRequests);
      await sendToken();
      break;
    case "resize":
      frame.style.height = `${message.height}px`;
      document.getElementById("frame-height").value = String(message.height);
      break;
    case "location":
      document.getElementById("portal-location").value = message.path;
      break;
    case "signed-out":
      log("← signed-out");
      break;
    case "preferences":
      // The customer changed the language, theme or time zone inside the portal: this page
      // follows (a real one might keep them in the customer's profile).
      log(`← preferences (${message.locale}, ${message.theme}, ${message.timeZone})`);
      document.getElementById("portal-preferences").value =
        `${message.locale} ${message.theme} ${message.timeZone}`;
      locale.value = message.locale;
      if (message.theme !== "system") theme.value = message.theme;
      if (![...timeZone.options].some((option) => option.value === message.timeZone)) {
        timeZone.add(new Option(message.timeZone, message.timeZone));
      }
      timeZone.value = message.timeZone;
      break;
    default:
      log(`← ${message.type} (not known to this page)`);
  }
});
