import { defineConfig } from "drizzle-kit";

/** drizzle-kit reads the TypeScript schema and writes SQL migrations that wrangler applies. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
