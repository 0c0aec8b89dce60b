// What the browser tests do to get a Chromium, decided from what the machine has: use the one
// named by CHROMIUM_PATH or found on the machine, install Debian's `chromium` when nothing is
// found and the machine allows it (root, apt-get), or fail saying exactly what to install. Pure
// (no Node APIs), so the decision is unit-tested without touching the machine; the probing and
// the installing are scripts/lib/chromium.mjs.

/** Where Debian's `chromium` package puts its binary (what the install below provides). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The commands that install Debian's chromium, each as [command, ...arguments]. */
export const APT_INSTALL = [
  ["apt-get", "update", "-qq"],
  ["apt-get", "install", "-y", "-qq", "chromium"],
];

/** The names a Chromium or Chrome binary goes by on PATH, most wanted first. */
export const CHROMIUM_NAMES = [
  "chromium",
  "chromium-browser",
  "google-chrome-stable",
  "google-chrome",
];

/** Application bundles of macOS, where PATH rarely has a browser. */
export const MAC_BROWSERS = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/** What to install, by hand, on a machine where the tests may not or cannot install it. */
function howToInstall(platform, aptGet) {
  const orPath = "or set CHROMIUM_PATH to a Chromium or Chrome binary";
  if (platform === "darwin") {
    return `Install it: \`brew install --cask chromium\` (or Google Chrome), ${orPath}.`;
  }
  if (platform === "linux" && aptGet) {
    return `Install it: \`sudo apt-get update && sudo apt-get install -y chromium\`, ${orPath}.`;
  }
  if (platform === "linux") {
    return `Install Chromium with your package manager (the binary named chromium), ${orPath}.`;
  }
  return `Install Chromium or Google Chrome, then set CHROMIUM_PATH to its binary.`;
}

/**
 * The plan for a machine: `{ action: "use", path }`, `{ action: "install", commands, path }` (run
 * the commands, then use `path`) or `{ action: "fail", message }`.
 *
 * - `chosen`: CHROMIUM_PATH (or null), `chosenExists` whether it is a file: a chosen browser is
 *   used or refused, never replaced by an install;
 * - `found`: the first browser found on the machine (or null);
 * - `platform` (process.platform), `root` (running as uid 0), `aptGet` (apt-get on PATH);
 * - `install`: false when installing is not allowed (CHROMIUM_INSTALL=0).
 */
export function chromiumPlan({ chosen, chosenExists, found, platform, root, aptGet, install }) {
  const need = "The browser tests (part of `npm test`) need Chromium";
  if (chosen) {
    if (chosenExists) return { action: "use", path: chosen };
    return {
      action: "fail",
      message:
        `${need}, and CHROMIUM_PATH=${chosen} is no file. Point CHROMIUM_PATH at a Chromium or ` +
        `Chrome binary, or unset it to use (or install) Debian's chromium.`,
    };
  }
  if (found) return { action: "use", path: found };
  if (platform === "linux" && root && aptGet && install !== false) {
    return { action: "install", commands: APT_INSTALL, path: DEBIAN_CHROMIUM };
  }
  const why =
    install === false
      ? "installing is turned off (CHROMIUM_INSTALL=0)"
      : platform === "linux" && aptGet && !root
        ? "installing it needs root"
        : "it cannot be installed here automatically";
  return {
    action: "fail",
    message: `${need}: none was found, and ${why}. ${howToInstall(platform, aptGet)}`,
  };
}
