import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { draftKey, MemoryDraftStore } from "../../../core/saving/draft-store";
import type { PageDocument } from "../../../core/saving/transport";
import { FakeApi, FakeClock, makeLoop, PAGE, settle, textDoc, type Fault } from "./harness";

const KEY = draftKey(PAGE);

/** One thing that happens to an editing session. */
type Step =
  | { kind: "edit"; text: string }
  | { kind: "wait"; ms: number }
  | { kind: "fault"; fault: Fault }
  | { kind: "restart" }
  | { kind: "flush" }
  | { kind: "elsewhere"; text: string }
  | { kind: "keepMine" }
  | { kind: "takeTheirs" }
  | { kind: "resume" };

const passing = [
  fc.record({ kind: fc.constant("edit" as const), text: fc.string({ maxLength: 6 }) }),
  fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ kind: fc.constant("restart" as const) }),
  fc.record({ kind: fc.constant("flush" as const) }),
];
const transient = fc.record({
  kind: fc.constant("fault" as const),
  fault: fc.constantFrom<Fault>("offline", "500", "timeout", "lost"),
});
const hostile = [
  fc.record({
    kind: fc.constant("fault" as const),
    fault: fc.constantFrom<Fault>("offline", "500", "timeout", "lost", "400", "401", "403"),
  }),
  fc.record({ kind: fc.constant("elsewhere" as const), text: fc.string({ maxLength: 6 }) }),
  fc.record({ kind: fc.constant("keepMine" as const) }),
  fc.record({ kind: fc.constant("takeTheirs" as const) }),
  fc.record({ kind: fc.constant("resume" as const) }),
];

/** Plays `steps` on a loop (restarts make a new loop over the same store), then waits long. */
async function play(steps: Step[]) {
  const api = new FakeApi();
  const store = new MemoryDraftStore();
  const clock = new FakeClock();
  let session = makeLoop({ api, store, clock });
  await session.loop.restore(api.documentId);
  /** The person's newest text, unless they chose the server's since. */
  let last: PageDocument | null = null;
  /** How many saves the API had applied when the last edit was made. */
  let appliedBefore = 0;
  for (const step of steps) {
    if (step.kind === "edit") {
      last = textDoc(step.text);
      session.loop.edit(last);
    } else if (step.kind === "wait") await clock.advance(step.ms);
    else if (step.kind === "fault") api.faults.push(step.fault);
    else if (step.kind === "restart") {
      session.loop.close();
      session = makeLoop({ api, store, clock });
      await session.loop.restore(api.documentId);
    } else if (step.kind === "flush")
      void session.loop.flush(); // time moves only in "wait"
    else if (step.kind === "elsewhere") api.writeElsewhere(textDoc(`other ${step.text}`));
    else if (step.kind === "keepMine") void session.loop.keepMine();
    else if (step.kind === "takeTheirs") {
      if (session.loop.takeTheirs() !== null) last = null;
    } else void session.loop.resume();
    await settle();
    if (last !== null && step.kind === "edit") appliedBefore = api.applied.length;
  }
  await clock.advance(60 * 60_000);
  const savedSince = api.applied.slice(appliedBefore);
  const saved = last !== null && savedSince.some((d) => JSON.stringify(d) === JSON.stringify(last));
  return { api, store, loop: session.loop, last, saved };
}

describe("nothing typed is lost (generated sessions)", () => {
  it("with transient faults, restarts and lost answers, the last edit ends saved", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...passing, transient), { maxLength: 40 }),
        async (steps) => {
          const { api, store, loop, last } = await play(steps);
          if (last !== null) expect(api.document).toEqual(last);
          expect(store.keys()).toEqual([]);
          expect(loop.status.state).toBe("saved");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("with refusals, sign-outs, other writers and choices, the last edit is saved or kept", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...passing, ...hostile), { maxLength: 40 }),
        async (steps) => {
          const { store, loop, last, saved } = await play(steps);
          if (last === null) return;
          // Saved after it was typed (another writer may have changed the page since), or kept.
          const inStore = JSON.stringify(store.get(KEY)?.document) === JSON.stringify(last);
          expect(saved || inStore, JSON.stringify(steps)).toBe(true);
          if (loop.status.state === "conflict") expect(loop.status.conflict?.mine).toEqual(last);
          if (loop.status.state === "saved") expect(saved).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
