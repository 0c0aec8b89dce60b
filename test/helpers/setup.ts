import { applyD1Migrations, env } from "cloudflare:test";
import { emptyStorage } from "./storage";

// Runs before every test file. Test files share their worker's workerd, D1 and R2
// (`isolate: false` in vitest.config.ts, so workerd and the migrated schema are made once per
// worker, not once per file); every file starts from empty tables and an empty bucket all the
// same, so files stay independent whatever order they run in. A file that merges several
// features' former files empties them again before each one's section (test/helpers/storage.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyStorage();
