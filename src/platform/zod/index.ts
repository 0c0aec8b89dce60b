// zod as the Worker ships it: wrangler.toml's [alias] (and vitest.config.ts, for the tests) send
// every `import … from "zod"` here, including @hono/zod-openapi's. That library passes zod's whole
// namespace to extendZodWithOpenApi, so the bundler must keep every export of the namespace it
// gets, and zod's carries `locales`: its ~50 translations of the error messages (≈ 42 KiB
// gzipped, docs/performance.md). This namespace is zod's own, export for export, with `locales`
// (top level and under `core`) holding English only: the API answers in English.
import * as z from "./namespace";

export * from "./namespace";
/** The namespace itself, as `import { z } from "zod"` and `import z from "zod"` expect it. */
export { z, z as default };
