// The linter run by `npm test` before the suite: typescript-eslint's checks, no floating promises,
// and the layer rules of docs/architecture.md (each layer imports only downward). Import cycles
// are scripts/check-cycles.mjs's (every import, `import type` included, in about a second).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Import patterns a layer may not use, with the reason the linter prints. */
const forbid = (patterns) => ["error", { patterns }];
const HTTP = {
  group: ["hono", "hono/*", "@hono/*"],
  message: "HTTP stays in routes, middleware and auth.",
};
const ROUTES = { group: ["**/routes", "**/routes/**"], message: "Only the app imports routes." };
const MIDDLEWARE = {
  group: ["**/middleware/**"],
  message: "Only the app and routes import middleware.",
};
const PRESENTERS = { group: ["**/presenters/**"], message: "Only routes call presenters." };
const SERVICES = { group: ["**/services/**"], message: "Services sit above this layer." };
const AUTH = { group: ["**/auth/**"], message: "auth/ sits above this layer." };
const HTTP_HELPERS = {
  group: ["**/http/**"],
  message: "src/http (HTTP helpers) sits above this layer.",
};
/** What every pure core may not import: the layers above it and HTTP. */
const ABOVE_CORES = [ROUTES, MIDDLEWARE, PRESENTERS, SERVICES, AUTH, HTTP, HTTP_HELPERS];
const WIRE = {
  group: ["**/api/**", "**/api-document/**"],
  message: "The pure cores know nothing of the wire.",
};
const NETWORK = { group: ["**/outbound/**"], message: "The pure cores do not reach the network." };
const NO_WORKER = {
  group: ["**/src", "**/src/**", "**/reader/**", "**/app/**"],
  message: "core/ belongs to no Worker: it imports none of them.",
};
const DRIZZLE = {
  group: ["drizzle-orm", "drizzle-orm/*"],
  message: "Routes reach data through services and auth, never drizzle.",
};
const SCHEMA = {
  group: ["**/db/schema", "**/db/schema/**", "**/db/client"],
  message: "Routes reach data through services and auth, never the tables.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      // Built bundles (the README builds an integration to dist/; gitignored).
      "dist/",
      "bench/.build/",
      "test/.generated/",
      // The app's bundled browser scripts (scripts/build-app-client.mjs; gitignored).
      "app/public/_app/js/",
      "**/.wrangler/",
      "drizzle/",
      "*.config.*",
      "examples/",
    ],
  },
  {
    // The reader's and the app's small scripts run in browsers (no build step): browser globals.
    files: ["reader/public/**/*.js", "app/public/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: Object.fromEntries(
        [
          "window",
          "document",
          "localStorage",
          "navigator",
          "fetch",
          "FormData",
          "URL",
          "URLSearchParams",
          "setTimeout",
          "clearTimeout",
          "requestAnimationFrame",
          "HTMLElement",
          "Event",
          "KeyboardEvent",
          "console",
          "matchMedia",
          "AbortController",
          "location",
        ].map((name) => [name, "readonly"]),
      ),
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Type-aware rules for the TypeScript sources (the .mjs tools and benchmarks are plain Node).
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // Test bodies are the Worker's JSON, checked against the official schema at run time.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: {
      globals: Object.fromEntries(
        [
          "console",
          "process",
          "URL",
          "Buffer",
          "setTimeout",
          "clearTimeout",
          "setInterval",
          "clearInterval",
          "fetch",
          "AbortController",
          "location",
          "TextEncoder",
          "TextDecoder",
          "crypto",
          "structuredClone",
          "performance",
          "Response",
          "Request",
          "Headers",
          "AbortSignal",
          "btoa",
          "atob",
        ].map((name) => [name, "readonly"]),
      ),
    },
  },
  {
    // Every query runs on a D1 session (read replication, bookmarks): the binding itself is
    // touched only where sessions are made (src/db/session.ts, the request context, the job
    // consumer, the cron).
    files: ["src/**/*.ts"],
    ignores: [
      "src/db/session.ts",
      "src/middleware/context.ts",
      "src/jobs/consumer.ts",
      "src/scheduled.ts",
      "src/http/background.ts",
      "src/auth/caller.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name='DB'][object.property.name='env'], MemberExpression[property.name='DB'][object.name='env']",
          message: "Query through the request's session (c.var.db) or primarySession(env.DB).",
        },
      ],
    },
  },
  { files: ["src/routes/**/*.ts"], rules: { "no-restricted-imports": forbid([DRIZZLE, SCHEMA]) } },
  {
    files: ["src/presenters/**/*.ts"],
    rules: { "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, SERVICES, HTTP, DRIZZLE]) },
  },
  {
    files: ["src/services/**/*.ts"],
    rules: { "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, PRESENTERS, HTTP]) },
  },
  {
    files: ["src/auth/**/*.ts"],
    rules: { "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, PRESENTERS, SERVICES]) },
  },
  {
    files: ["src/api/**/*.ts", "src/api-document/**/*.ts"],
    rules: { "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, PRESENTERS, SERVICES, AUTH]) },
  },
  {
    // The content and PDF cores: pure (no HTTP, no wire); they read rows the services hand them.
    files: ["src/content/**/*.ts", "src/pdf/**/*.ts"],
    rules: { "no-restricted-imports": forbid([...ABOVE_CORES, WIRE]) },
  },
  {
    // The area cores: translation segments, SAML, API spec parsing, insights. Pure and
    // deterministic: no HTTP, no wire, no database, no network.
    files: [
      "src/translate/**/*.ts",
      "src/saml/**/*.ts",
      "src/openapi-specs/**/*.ts",
      "src/insights/**/*.ts",
    ],
    rules: { "no-restricted-imports": forbid([...ABOVE_CORES, WIRE, DRIZZLE, SCHEMA, NETWORK]) },
  },
  {
    // Platform pieces under the services: the job runner, the outbound fetcher, the mail port.
    files: ["src/jobs/**/*.ts", "src/outbound/**/*.ts", "src/mail/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, PRESENTERS, SERVICES, AUTH, HTTP]),
    },
  },
  {
    // The database layer, the platform's parts and the bindings' types sit low: everything
    // imports them. Only the composition root (src/platform/compose.ts) reaches up to the
    // services it wires.
    files: ["src/db/**/*.ts", "src/platform/**/*.ts", "src/env.ts"],
    ignores: ["src/platform/compose.ts"],
    rules: {
      "no-restricted-imports": forbid([
        ROUTES,
        MIDDLEWARE,
        PRESENTERS,
        SERVICES,
        AUTH,
        HTTP_HELPERS,
      ]),
    },
  },
  {
    // The HTTP helpers (router, validation hook, URL builders, paging, work after the answer):
    // below auth and the services, above the database and the pure helpers.
    files: ["src/http/**/*.ts"],
    rules: { "no-restricted-imports": forbid([ROUTES, MIDDLEWARE, PRESENTERS, SERVICES, AUTH]) },
  },
  {
    // The pure helpers: no HTTP, no request, nothing above them.
    files: ["src/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": forbid([
        ROUTES,
        MIDDLEWARE,
        PRESENTERS,
        SERVICES,
        AUTH,
        HTTP,
        HTTP_HELPERS,
        DRIZZLE,
        SCHEMA,
      ]),
    },
  },
  {
    // The shared cores (core/: the document model and its codecs, the API-spec pages, the rules
    // that protect people: safe links, conditional requests, digests) belong to no Worker: every
    // Worker imports them, they import none, and they never reach HTTP, a database or the network.
    files: ["core/**/*.ts", "core/**/*.tsx"],
    ignores: ["core/render/**"],
    rules: { "no-restricted-imports": forbid([HTTP, DRIZZLE, NO_WORKER]) },
  },
  {
    // The document renderer (core/render/: a Document to HTML, for the reader's pages and the
    // app's space and page screens) writes its markup with hono/jsx and hono/html, which are pure
    // templating (strings out, no request, no router), so it may use those two and nothing else of
    // hono: HTTP still stays in the Workers.
    files: ["core/render/**/*.ts", "core/render/**/*.tsx"],
    rules: {
      "no-restricted-imports": forbid([
        { regex: "^(@hono/.*|hono(?!/jsx(/|$)|/html$)(/.*)?)$", message: HTTP.message },
        DRIZZLE,
        NO_WORKER,
      ]),
    },
  },
  {
    // The reader Worker (reader/) is a client of the public /v1 API through its service binding:
    // it imports the shared cores of core/, never anything of the API Worker (src/).
    files: ["reader/**/*.ts", "reader/**/*.tsx"],
    rules: {
      "no-restricted-imports": forbid([
        DRIZZLE,
        {
          group: ["**/src", "**/src/**"],
          message: "The reader reaches content only through the /v1 API; it imports core/ only.",
        },
      ]),
    },
  },
  {
    // The app Worker (app/) is a client of the public /v1 API through its service binding, like
    // the reader: it imports the shared cores of core/, never the API Worker (src/), the reader,
    // or a database library.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": forbid([
        DRIZZLE,
        {
          group: ["**/src", "**/src/**"],
          message: "The app reaches data only through the /v1 API; it imports core/ only.",
        },
        {
          group: ["**/reader", "**/reader/**"],
          message: "The app and the reader are separate Workers; share code through core/.",
        },
      ]),
    },
  },
);
