// What the loader's start decides as the portal does, before the portal's code has come: pure
// functions of what they are given (no import, no global), so that a test runs them beside the
// Rust they follow (xtask/src/start/mod.rs, over a table of cases).

// The language a visitor gets: portal_config::languages::chosen_language, with the offered
// tags and the deployment's default read from config.json as `deploymentLanguages` does.
export function chosenLanguage(stored, offered, deployment, browser) {
  const offeredOne = (tag) => {
    if (typeof tag !== "string") return null;
    const primary = asciiLowercase(tag.trim().split(/[-_]/)[0]);
    return offered.find((offeredTag) => offeredTag === primary) ?? null;
  };
  return (
    offeredOne(stored) ??
    offeredOne(deployment) ??
    browser.map(offeredOne).find((tag) => tag !== null) ??
    offered[0] ??
    null
  );
}

// The languages a deployment offers (`languages`, else every shipped one) and its default
// (`defaultLanguage`, else the older `locale`), as portal_config reads a valid config.json.
export function deploymentLanguages(config, shipped) {
  const listed = Array.isArray(config?.languages)
    ? config.languages.map((tag) => asciiLowercase(String(tag).trim()))
    : [];
  const named = config?.defaultLanguage ?? config?.locale;
  return {
    offered: listed.length > 0 ? listed : shipped,
    deployment: typeof named === "string" ? named : null,
  };
}

// The product's name in `language`: `branding.productName` (one name, or one per language,
// else the first given), else `title`, else `defaultTitle` (PortalConfig::product_name).
export function productName(config, language, defaultTitle) {
  const name = config?.branding?.productName;
  if (typeof name === "string") return name.trim();
  if (name !== null && typeof name === "object") {
    const names = Object.entries(name);
    const own = names.find(([tag]) => asciiLowercase(tag) === language) ?? names[0];
    if (own) return String(own[1]).trim();
  }
  const title = config?.title;
  return typeof title === "string" && title.trim() !== "" ? title : defaultTitle;
}

// The language the visitor chose, from the preferences' store (`text`, as kept under its key),
// if the store is of `version`.
export function storedLanguage(text, version) {
  try {
    const store = JSON.parse(text);
    return store?.version === version && typeof store.language === "string"
      ? store.language
      : null;
  } catch {
    return null;
  }
}

function asciiLowercase(text) {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
