import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { runScheduled } from "../../src/scheduled";

describe("the cron trigger", () => {
  it("runs the scheduled jobs through the Worker's scheduled entry and logs a report", async () => {
    const log = vi.spyOn(console, "log");
    const controller = createScheduledController({
      scheduledTime: new Date("2026-01-02T03:17:00Z"),
      cron: "17 * * * *",
    });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const line = log.mock.calls
      .map((args) => String(args[0]))
      .find((l) => l.includes('"scheduled"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).scheduled).toBe("2026-01-02T03:17:00.000Z");
    log.mockRestore();
  });

  it("returns one report entry per registered job", async () => {
    const report = await runScheduled(env, Date.now());
    expect(typeof report).toBe("object");
  });
});
