/** Types of chromium-plan.mjs, for the workerd test of the decision. */
export const DEBIAN_CHROMIUM: string;
export const APT_INSTALL: string[][];
export const CHROMIUM_NAMES: string[];
export const MAC_BROWSERS: string[];

/** What the machine has, as chromium.mjs probes it. */
export interface ChromiumMachine {
  chosen: string | null;
  chosenExists: boolean;
  found: string | null;
  platform: string;
  root: boolean;
  aptGet: boolean;
  install?: boolean;
}

export type ChromiumPlan =
  | { action: "use"; path: string }
  | { action: "install"; commands: string[][]; path: string }
  | { action: "fail"; message: string };

export function chromiumPlan(machine: ChromiumMachine): ChromiumPlan;
