// Compiles the official OpenAPI response schemas into standalone ajv validators (draft 2020-12,
// formats). workerd forbids code generation at run time, so the contract helper that runs inside
// the tests imports this precompiled module instead of compiling schemas there.
import Ajv2020 from "ajv/dist/2020.js";
import { importAppModule, servedDocumentOf } from "./lib/app-module.mjs";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, resolve } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const specPath = require.resolve("@gitbook/api/spec/openapi.json", { paths: [root] });
const outPath = resolve(root, "test/.generated/official-contract.mjs");

/**
 * The operations the app serves, read from the app itself: src/app.ts is bundled for Node with
 * esbuild and its generated OpenAPI document lists every route, however a route factory builds
 * its paths. Only their official schemas are compiled (all of them would be over 50 MB).
 */
async function servedOperations() {
  try {
    const served = await bundledOperations();
    mkdirSync(dirname(servedCache), { recursive: true });
    writeFileSync(servedCache, JSON.stringify([...served]));
    return served;
  } catch (error) {
    // A tree mid-edit that does not bundle (several people at work): the operations of the last
    // good bundle, plus every official one of the areas under construction, so tests can run.
    console.warn(
      `contract: the app does not bundle (${String(error).split("\n")[0]}); using the last served set`,
    );
    const served = new Set(
      existsSync(servedCache) ? JSON.parse(readFileSync(servedCache, "utf8")) : [],
    );
    const spec = JSON.parse(readFileSync(specPath, "utf8"));
    for (const [path, item] of Object.entries(spec.paths)) {
      if (!UNDER_CONSTRUCTION.test(path)) continue;
      for (const method of Object.keys(item))
        served.add(`${method.toUpperCase()} ${normalize(path)}`);
    }
    return served;
  }
}

/** Where the last good bundle's operations are kept, and the areas the fallback adds. */
const servedCache = resolve(root, "test/.generated/served-operations.json");
const UNDER_CONSTRUCTION =
  /\/(integrations|saml|sso|openapi|translations|translations-glossary|conversations[a-z-]*)(\/|$)/;

async function bundledOperations() {
  const app = await importAppModule(root, `export { createApp } from "./src/app.ts";`);
  const doc = servedDocumentOf(app);
  const served = new Set();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item))
      served.add(`${method.toUpperCase()} ${normalize(path)}`);
  }
  return served;
}

function normalize(path) {
  return path.replace(/^\/v1/, "").replace(/\{[^}]+\}/g, "{}");
}

/** Builds the module unless one for the same spec, script and served operations exists. */
export async function buildContract() {
  const served = await servedOperations();
  const fingerprint = createHash("sha256")
    .update(readFileSync(specPath))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update([...served].sort().join("\n"))
    .digest("hex");
  if (existsSync(outPath) && readFileSync(outPath, "utf8").startsWith(`// ${fingerprint}`)) {
    return outPath;
  }
  const spec = applyExtensions(JSON.parse(readFileSync(specPath, "utf8")));
  const ajv = new Ajv2020({
    strict: false,
    validateSchema: false,
    allErrors: false,
    inlineRefs: false,
    code: { source: true, esm: true },
  });
  addFormats(ajv);
  // GitBook's own formats: the official document does not define them, so they accept anything.
  ajv.addFormat("emoji", true);
  ajv.addFormat("icon", true);
  ajv.addSchema({ $id: "gitbook", components: spec.components, paths: spec.paths });
  const exportsMap = {};
  const operations = [];
  let n = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op || !served.has(`${method.toUpperCase()} ${normalize(path)}`)) continue;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        let res = response;
        let pointer = `#/paths/${escape(path)}/${method}/responses/${status}`;
        if (res.$ref) {
          pointer = res.$ref;
          res = resolveRef(spec, res.$ref);
        }
        const schema = res?.content?.["application/json"]?.schema;
        if (!schema) {
          operations.push([method.toUpperCase(), path, status, null]);
          continue;
        }
        const key = `v${n++}`;
        exportsMap[key] = `gitbook${pointer}/content/application~1json/schema`;
        operations.push([method.toUpperCase(), path, status, key]);
      }
    }
  }
  // One module, shared definitions: each validator is a tiny schema with its own $id that
  // references the official one, so ajv emits every shared schema once.
  const mapping = {};
  for (const [key, ref] of Object.entries(exportsMap)) {
    ajv.addSchema({ $id: `contract-${key}`, $ref: ref });
    mapping[key] = `contract-${key}`;
  }
  let body = standaloneCode(ajv, mapping);
  const deps = new Map();
  body = body.replace(/require\("([^"]+)"\)/g, (_, mod) => {
    if (!deps.has(mod)) deps.set(mod, `__dep${deps.size}`);
    return deps.get(mod);
  });
  body = body.replace(/^"use strict";/, "");
  let code =
    `// ${fingerprint}\n` +
    [...deps]
      .map(
        ([mod, id]) =>
          // workerd hands back a CJS module's function itself where ajv's code expects `.default`.
          `import ${id}_raw from "${mod}.js";\nconst ${id} = typeof ${id}_raw === "function" ? { default: ${id}_raw } : ${id}_raw;`,
      )
      .join("\n") +
    "\n" +
    body;
  code += `export const operations = ${JSON.stringify(operations)};\n`;
  mkdirSync(dirname(outPath), { recursive: true });
  // Write then rename, so a concurrent test run never imports a half-written module.
  const tmp = `${outPath}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, outPath);
  return outPath;
}

/**
 * Quire's documented wire extensions (docs/compatibility.md, each under its area's section): enum
 * values the official document lacks that Quire answers on purpose. Only these are added to the
 * official schemas; a listed schema or property that is not an enum there stops the build.
 */
const EXTENSIONS = [
  // None today. (IntegrationEvent.status used to add `pending`; an event in flight now answers
  // `failed` with Quire's own `state`, so strict clients parse every event: issue 26.)
];

function applyExtensions(spec) {
  for (const { schema, property, values } of EXTENSIONS) {
    const prop = spec.components?.schemas?.[schema]?.properties?.[property];
    if (!Array.isArray(prop?.enum)) {
      throw new Error(
        `contract extension ${schema}.${property}: not an enum in the official document`,
      );
    }
    prop.enum = [...new Set([...prop.enum, ...values])];
  }
  for (const { schema, property } of OVERLAPPING_ONE_OF) {
    const prop = spec.components?.schemas?.[schema]?.properties?.[property];
    if (!Array.isArray(prop?.oneOf)) {
      throw new Error(
        `contract correction ${schema}.${property}: not a oneOf in the official document`,
      );
    }
    prop.anyOf = prop.oneOf;
    delete prop.oneOf;
  }
  return spec;
}

/**
 * Official `oneOf`s no value can satisfy, read as `anyOf` (docs/compatibility.md, "Semantic
 * changes"): RevisionSemanticChangePageEdited's `attributes` is one of the document, group and
 * link attribute objects, which all allow any property, so every group attributes value is a
 * document attributes value too and no page_edited change validates.
 */
const OVERLAPPING_ONE_OF = [{ schema: "RevisionSemanticChangePageEdited", property: "attributes" }];

function escape(path) {
  return path.replace(/~/g, "~0").replace(/\//g, "~1");
}

function resolveRef(spec, ref) {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  console.log(await buildContract(), `${Date.now() - t} ms`);
}
