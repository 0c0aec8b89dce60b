// The app's modules bundled for Node and imported in this process: how the scripts that read the
// served OpenAPI document (the contract build, the operationId table) get at the routes.
import { build } from "esbuild";
import { resolve } from "node:path";

/**
 * Bundles `contents` (an ES module re-exporting what the caller needs from src/, resolved from
 * `root`) for Node and imports it. The bundle gets a `require` (Node built-ins some dependencies
 * ask for).
 */
export async function importAppModule(root, contents) {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
    banner: {
      js: `import { createRequire as __quireCreateRequire } from "node:module"; const require = __quireCreateRequire(${JSON.stringify(resolve(root, "package.json"))});`,
    },
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** The served OpenAPI document of an app module's `createApp()`. */
export function servedDocumentOf(mod) {
  return mod.createApp().getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "served", version: "0" },
  });
}
