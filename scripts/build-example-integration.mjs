// Bundles the example integration (examples/integrations/hello) as the official CLI would: one
// ES module, `MODE` defined as "production". The tests publish the result through the API.
import { build } from "esbuild";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The bundled script of examples/integrations/<name>, as a string. */
export async function buildExampleIntegration(name = "hello") {
  const out = await build({
    entryPoints: [resolve(root, `examples/integrations/${name}/src/index.ts`)],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["worker", "browser"],
    define: { MODE: '"production"' },
    write: false,
    minify: false,
    logLevel: "error",
  });
  return out.outputFiles[0].text;
}
