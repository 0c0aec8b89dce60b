// Manual check, run with `node test/content/document/validate-official.mjs` from the repo root:
// bundles the converter and the test fixtures with esbuild, parses every fixture (and round-trips
// it once), writes the Documents to a JSON file and validates each one against the OFFICIAL
// `#/components/schemas/JSONDocument` with ajv (draft 2020-12 + formats). The vitest suite cannot
// do this: ajv compiles validators with `new Function`, which workerd forbids.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { build } from "esbuild";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve("@gitbook/api/spec/openapi.json"), "utf8"));

const out = mkdtempSync(join(tmpdir(), "quire-document-"));
const bundle = join(out, "converter.mjs");
await build({
  stdin: {
    contents: `export * from "./core/document/index";\nexport * from "./test/content/document/fixtures";\nexport * from "./test/content/document/foreign-documents";`,
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker"],
  outfile: bundle,
  logLevel: "warning",
});
const lib = await import(pathToFileURL(bundle).href);

/** Every Document the tests produce: each fixture parsed, and parsed again after one render. */
const documents = [];
const add = (name, markdown) => {
  const first = lib.parseMarkdown(markdown).document;
  documents.push({ name, document: first });
  const again = lib.parseMarkdown(lib.renderMarkdown(first)).document;
  documents.push({ name: `${name} (round trip)`, document: again });
};
add("realistic page", lib.REALISTIC_PAGE);
for (const [name, markdown] of lib.CANONICAL_SAMPLES) add(name, markdown);
lib.TRICKY_SAMPLES.forEach((markdown, i) => add(`tricky #${i}`, markdown));
for (const [name, document] of lib.FOREIGN_DOCUMENTS) {
  add(`${name} (rendered)`, lib.renderMarkdown(document));
}
const jsonPath = join(out, "documents.json");
writeFileSync(jsonPath, JSON.stringify(documents, null, 1));

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat("icon", true);
ajv.addSchema({ $id: "gitbook", components: spec.components });
const validate = ajv.getSchema("gitbook#/components/schemas/JSONDocument");
// Negative controls: the validator must reject what the official schema forbids.
const controls = [
  { object: "document", data: {}, nodes: [{ object: "block", type: "divider", data: {} }] },
  {
    object: "document",
    data: {},
    nodes: [{ object: "block", type: "heading-4", data: {}, nodes: [] }],
  },
  {
    object: "document",
    data: {},
    nodes: [
      {
        object: "block",
        type: "blockquote",
        nodes: [{ object: "block", type: "code", data: {}, nodes: [] }],
      },
    ],
  },
];
if (controls.some((control) => validate(control))) {
  console.error("the validator accepted a document the official schema forbids");
  process.exit(1);
}
let failures = 0;
for (const { name, document } of documents) {
  if (!validate(document)) {
    failures += 1;
    console.error(`INVALID ${name}:`, JSON.stringify(validate.errors.slice(0, 5), null, 1));
  }
}
console.log(
  `${documents.length - failures}/${documents.length} documents valid against the official ` +
    `JSONDocument schema (documents written to ${jsonPath})`,
);
process.exit(failures === 0 ? 0 : 1);
