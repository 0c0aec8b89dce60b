// zod's namespace, export for export, with `locales` (top level and under `core`) holding English
// only (src/platform/zod/index.ts says why).
export * from "zod/v4";
export * as core from "./core";
export { locales } from "./core";

/**
 * Shadows the `z` of `zod/v4`, which is zod's full namespace (every locale with it); index.ts
 * exports this module's namespace as `z` instead.
 */
export const z = undefined;
