import { env } from "cloudflare:test";
import type { AfterMain } from "../../src/platform/main-revision";
import { testDb } from "./factories";

/**
 * What follows a write to main that a test makes by calling a service directly: no hooks (the
 * write stands for content written outside the API, which search catches up on by itself), run
 * awaited on the test's handle. Every write to main must say what follows it (`commitToMain`).
 */
export function fixtureAfterMain(): AfterMain {
  return { hooks: [], db: testDb(), jobs: env.JOBS };
}
