import { applyD1Migrations, env } from "cloudflare:test";

// The same drizzle/ migrations wrangler applies, applied to the test D1 before any test runs.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
