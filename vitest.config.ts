import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { buildContract } from "./scripts/build-contract.mjs";

export default defineConfig(async () => {
  await buildContract();
  const migrations = await readD1Migrations(fileURLToPath(new URL("./drizzle", import.meta.url)));
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SIGNING_SECRET: "test-signing-secret",
            PUBLIC_APP_URL: "https://app.quire.test",
            DB_STATS: "1",
            // `npm run fuzz`: the long fuzz run's size and seed (test/fuzz/harness.ts).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            // The suite and the fuzzer send thousands of requests with one token: limits far
            // above them (mirrored here, as wrangler.toml's [vars] mirror its bindings).
            RATE_LIMIT_TOKEN_LIMIT: "1000000",
            RATE_LIMIT_IP_LIMIT: "1000000",
          },
          ratelimits: {
            RATE_LIMIT_TOKEN: { simple: { limit: 1_000_000, period: 60 } },
            RATE_LIMIT_IP: { simple: { limit: 1_000_000, period: 60 } },
            // Only test/platform/rate-limit.test.ts uses it, in place of the two above.
            RATE_LIMIT_TEST_LOW: { simple: { limit: 5, period: 60 } },
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/helpers/setup.ts"],
      testTimeout: 20_000,
      isolate: false,
      maxWorkers: 2,
      restoreMocks: true,
    },
  };
});
