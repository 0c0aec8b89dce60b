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
