import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { buildContract } from "./scripts/build-contract.mjs";
import { buildExampleIntegration } from "./scripts/build-example-integration.mjs";
import { runCachedBuild } from "./scripts/cached-build.mjs";
import { testShards } from "./scripts/test-shards.mjs";
import { fakeInternet } from "./test/network/index.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(async () => {
  // The contract module depends on the app's routes (bundling the app takes seconds): rebuilt
  // only when the sources, the lockfile (the official spec's version) or the builder changed.
  await runCachedBuild({
    name: "official-contract",
    inputs: ["src", "tsconfig.json", "package-lock.json", "scripts/build-contract.mjs"],
    outputs: ["test/.generated/official-contract.mjs"],
    build: buildContract,
  });
  const migrations = await readD1Migrations(fileURLToPath(new URL("./drizzle", import.meta.url)));
  const { workerOptions } = unstable_getMiniflareWorkerOptions("./wrangler.toml");
  return {
    // wrangler.toml's [alias]: the tests run the zod the Worker ships (src/platform/zod).
    resolve: {
      alias: [
        {
          find: /^zod$/,
          replacement: fileURLToPath(new URL("./src/platform/zod/index.ts", import.meta.url)),
        },
      ],
    },
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Every outbound fetch of the Worker reaches the fake internet of test/network.
          outboundService: fakeInternet,
          // wrangler.toml's queue consumers, delivering each message at once: a batch would
          // otherwise wait `max_batch_timeout` (1 s) for company, and every test that waits on a
          // job (spec processing, integration events, translation runs) paid it per message.
          // The consumer handles a batch's messages one by one, so batch size changes nothing.
          queueConsumers: Object.fromEntries(
            Object.entries(workerOptions.queueConsumers ?? {}).map(([queue, consumer]) => [
              queue,
              { ...consumer, maxBatchTimeout: 0 },
            ]),
          ),
          bindings: {
            TEST_MIGRATIONS: migrations,
            SIGNING_SECRET: "test-signing-secret",
            PUBLIC_APP_URL: "https://app.quire.test",
            // Sites are addressed as `https://app.quire.test/sites/<id>` in the suite.
            PUBLIC_SITES_URL: "",
            DB_STATS: "1",
            // Live rooms take 8 people in the suite (100 deployed), so the room-full test reaches it.
            COLLAB_ROOM_SOCKETS: "8",
            // `npm run fuzz`: the long fuzz run's size and seed (test/fuzz/harness.ts).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            // The suite and the fuzzer send thousands of requests with one token: limits far
            // above them (mirrored here, as wrangler.toml's [vars] mirror its bindings).
            RATE_LIMIT_TOKEN_LIMIT: "1000000",
            RATE_LIMIT_IP_LIMIT: "1000000",
            // Jobs retry at once in tests (no backoff wait).
            JOB_RETRY_BASE_SECONDS: "0",
            // Integration dispatches time out after 2 s in tests (10 s by default).
            INTEGRATION_TIMEOUT_MS: "2000",
            // The example integration, bundled like the official CLI does (test/integrations).
            HELLO_INTEGRATION_SCRIPT: await buildExampleIntegration(),
            // API specs: a short fetch time limit (FETCH_TIMEOUT tests) and GitBook's own spec.
            OPENAPI_FETCH_TIMEOUT_MS: "1500",
            // Git Sync: a hanging remote (8 s: test/network/git-host.ts) fails after 5 s (120 s by default).
            GIT_SYNC_TIMEOUT_MS: "5000",
            GITBOOK_OPENAPI_SPEC: readFileSync(
              fileURLToPath(
                new URL("./node_modules/@gitbook/api/spec/openapi.json", import.meta.url),
              ),
              "utf8",
            ),
            // Mail is kept in the dev outbox (test/sign-in); the http transport's tests pass their own.
            MAIL_TRANSPORT: "outbox",
            // The LibreTranslate engine reaches the fake host of test/network/translate.ts.
            TRANSLATE_URL: "https://translate.example.com",
            // The deployment's OIDC provider: the real oidc-provider of test/network/oidc.ts.
            OIDC_PROVIDERS: JSON.stringify([
              {
                id: "idp",
                title: "Example IdP",
                issuer: "https://idp.example.com",
                clientId: "quire",
              },
              // GitHub's OAuth 2: the fake GitHub of test/network/github.ts.
              {
                id: "github",
                title: "GitHub",
                kind: "github",
                clientId: "quire-gh",
                url: "https://github.example.com",
              },
            ]),
            OIDC_IDP_SECRET: "quire-secret",
            OIDC_GITHUB_SECRET: "gh-secret",
          },
          ratelimits: {
            RATE_LIMIT_TOKEN: { simple: { limit: 1_000_000, period: 60 } },
            RATE_LIMIT_IP: { simple: { limit: 1_000_000, period: 60 } },
            // Only test/platform/rate-limit.test.ts uses it, in place of the two above.
            RATE_LIMIT_TEST_LOW: { simple: { limit: 5, period: 60 } },
            // test/reader/site/visitor-budgets.test.ts: a budget a few page views spend.
            RATE_LIMIT_TEST_VISITORS: { simple: { limit: 30, period: 60 } },
            // Site tokens' embed fetches, per site (a test spends it on RATE_LIMIT_TEST_LOW).
            RATE_LIMIT_EMBEDS: { simple: { limit: 1_000_000, period: 60 } },
          },
        },
      }),
    ],
    test: {
      // The files run in shards (scripts/test-shards.mjs): each shard's runners are new workerd
      // isolates, so none accumulates the whole suite (VITEST_SHARDS=1 for one project). Two: each
      // shard's start costs ~15 s of both cores. A runner lost mid-suite ("Worker exited
      // unexpectedly") is workerd segfaulting, with two shards or four (docs/performance.md,
      // "The suite's time (session 20)"); `npm test` runs what it left unreported again.
      include: [],
      projects: testShards(root, Number(process.env.VITEST_SHARDS ?? 2)).map((include, i) => ({
        extends: true as const,
        test: { name: `shard-${i + 1}`, include },
      })),
      setupFiles: ["./test/helpers/setup.ts"],
      testTimeout: 20_000,
      isolate: false,
      maxWorkers: 2,
      restoreMocks: true,
    },
  };
});
