import { describe, expect, it } from "vitest";
import {
  APT_INSTALL,
  chromiumPlan,
  DEBIAN_CHROMIUM,
  type ChromiumMachine,
} from "../../scripts/lib/chromium-plan.mjs";

/** A Debian container run as root with nothing installed: what a fresh CI machine is. */
const fresh: ChromiumMachine = {
  chosen: null,
  chosenExists: false,
  found: null,
  platform: "linux",
  root: true,
  aptGet: true,
};

/** How the browser tests get their Chromium (scripts/lib/chromium.mjs follows this plan). */
describe("the browser tests' Chromium", () => {
  it("uses the browser CHROMIUM_PATH names, or the one found on the machine", () => {
    expect(chromiumPlan({ ...fresh, chosen: "/opt/chrome", chosenExists: true })).toEqual({
      action: "use",
      path: "/opt/chrome",
    });
    expect(chromiumPlan({ ...fresh, found: "/usr/bin/chromium" })).toEqual({
      action: "use",
      path: "/usr/bin/chromium",
    });
  });

  it("installs Debian's chromium when none is there, as root with apt-get", () => {
    expect(chromiumPlan(fresh)).toEqual({
      action: "install",
      commands: APT_INSTALL,
      path: DEBIAN_CHROMIUM,
    });
    expect(APT_INSTALL.map((c) => c.join(" "))).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq chromium",
    ]);
  });

  it("never installs over a CHROMIUM_PATH that names no file: it says so", () => {
    const plan = chromiumPlan({ ...fresh, chosen: "/nowhere/chrome" });
    expect(plan.action).toBe("fail");
    expect(plan.action === "fail" && plan.message).toMatch(
      /CHROMIUM_PATH=\/nowhere\/chrome is no file/,
    );
  });

  it("fails naming the exact command where it may not or cannot install", () => {
    const message = (machine: ChromiumMachine) => {
      const plan = chromiumPlan(machine);
      expect(plan.action).toBe("fail");
      return plan.action === "fail" ? plan.message : "";
    };
    expect(message({ ...fresh, root: false })).toMatch(
      /needs root\. Install it: `sudo apt-get update && sudo apt-get install -y chromium`/,
    );
    expect(message({ ...fresh, install: false })).toMatch(
      /CHROMIUM_INSTALL=0.*apt-get install -y chromium/,
    );
    expect(message({ ...fresh, aptGet: false })).toMatch(/your package manager.*CHROMIUM_PATH/);
    expect(message({ ...fresh, platform: "darwin", root: false, aptGet: false })).toMatch(
      /brew install --cask chromium/,
    );
    expect(message({ ...fresh, platform: "win32" })).toMatch(/set CHROMIUM_PATH/);
  });
});
