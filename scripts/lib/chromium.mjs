// The Chromium the browser tests drive: probes the machine, follows chromium-plan.mjs's decision
// and, when it says so, installs Debian's chromium with apt-get (printing every command), so
// `npm install && npm test` passes on a fresh Debian machine or container run as root. Elsewhere
// it fails with the exact command to run. Used by scripts/run-tests.mjs (before anything starts)
// and scripts/browser-tests.mjs (run alone).
//
//   CHROMIUM_PATH=/path/to/chrome   use this browser (never install)
//   CHROMIUM_INSTALL=0              never install; fail saying what to install
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { CHROMIUM_NAMES, chromiumPlan, DEBIAN_CHROMIUM, MAC_BROWSERS } from "./chromium-plan.mjs";

/** Thrown when no Chromium is there and none could be installed; `message` says what to do. */
export class NoChromium extends Error {}

/** Whether `file` is an executable file. */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable named `name` on PATH, or null. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The first Chromium or Chrome of this machine, or null. */
function findChromium() {
  for (const name of CHROMIUM_NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  if (process.platform === "darwin") return MAC_BROWSERS.find(executable) ?? null;
  // Debian's, when PATH leaves /usr/bin out.
  return executable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
}

/** What this machine has, for chromiumPlan. */
function machine() {
  const chosen = process.env.CHROMIUM_PATH || null;
  return {
    chosen,
    chosenExists: chosen ? executable(chosen) : false,
    found: findChromium(),
    platform: process.platform,
    root: process.getuid?.() === 0,
    aptGet: onPath("apt-get") !== null,
    install: process.env.CHROMIUM_INSTALL !== "0",
  };
}

/**
 * The path of the Chromium to launch, installed first when the plan says so (apt-get's output on
 * stderr, so a caller's stdout stays its own). Throws NoChromium with what to do otherwise.
 */
export function ensureChromium() {
  const plan = chromiumPlan(machine());
  if (plan.action === "use") return plan.path;
  if (plan.action === "fail") throw new NoChromium(plan.message);
  console.error("No Chromium for the browser tests: installing Debian's chromium (root, apt-get).");
  for (const [command, ...args] of plan.commands) {
    console.error(`  $ ${[command, ...args].join(" ")}`);
    const run = spawnSync(command, args, {
      stdio: ["ignore", 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (run.status !== 0) {
      throw new NoChromium(
        `\`${[command, ...args].join(" ")}\` failed (${run.error?.message ?? `exit ${run.status}`}). ` +
          `Install Chromium by hand, or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
      );
    }
  }
  if (!executable(plan.path)) {
    throw new NoChromium(`apt-get installed chromium but ${plan.path} is not there.`);
  }
  console.error(`✓ Installed ${plan.path}`);
  return plan.path;
}
