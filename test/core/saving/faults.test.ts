import { describe, expect, it } from "vitest";
import { draftKey } from "../../../core/saving/draft-store";
import { makeLoop, PAGE, textDoc } from "./harness";

const KEY = draftKey(PAGE);

describe("the save loop's faults: nothing typed is lost, and the person is told", () => {
  it("stays offline through failures, retrying with a capped backoff, then saves", async () => {
    const { api, store, clock, loop, statuses } = makeLoop();
    await loop.restore(api.documentId);
    api.faults.push("offline", "500", "timeout", "offline", "500", "offline", "500", "offline");
    loop.edit(textDoc("typed offline"));
    await clock.advance(1000);
    expect(loop.status.state).toBe("offline");
    // 30 s of typing while offline: the draft follows every edit, saves stay bounded.
    for (let i = 0; i < 30; i++) {
      loop.edit(textDoc(`typed offline ${i}`));
      expect(store.get(KEY)?.document).toEqual(textDoc(`typed offline ${i}`));
      await clock.advance(1000);
    }
    expect(api.saves.length).toBeLessThanOrEqual(6);
    await clock.advance(5 * 60_000);
    expect(api.saves.length).toBe(9); // eight failures, then the save
    expect(api.document).toEqual(textDoc("typed offline 29"));
    expect(store.get(KEY)).toBeNull();
    expect(loop.status.state).toBe("saved");
    const offline = statuses.filter((s) => s.state === "offline");
    expect(offline.map((s) => s.message)).toContain("Not saved (timeout); retrying.");
    // Doubling, capped: no wait between attempts beyond the cap plus a timed-out attempt.
    const retryAts = offline.map((s) => s.retryAt!);
    const gaps = retryAts.slice(1).map((at, i) => at - retryAts[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000 + 15_000);
    expect(gaps[0]).toBeLessThan(gaps.at(-1)!);
  });

  it.each(["400", "403"] as const)(
    "stops on a %s with its message and keeps the draft",
    async (fault) => {
      const { api, store, clock, loop } = makeLoop();
      await loop.restore(api.documentId);
      api.faults.push(fault);
      loop.edit(textDoc("refused"));
      await clock.advance(1000);
      expect(loop.status).toMatchObject({ state: "failed", message: `refused (${fault})` });
      await clock.advance(10 * 60_000);
      expect(api.saves).toHaveLength(1); // not retried blindly
      expect(store.get(KEY)?.document).toEqual(textDoc("refused")); // the person can copy it
      // The next edit (or resume) tries again.
      loop.edit(textDoc("refused, then changed"));
      await clock.advance(1000);
      expect(api.document).toEqual(textDoc("refused, then changed"));
      expect(loop.status.state).toBe("saved");
    },
  );

  it("waits signed out on a 401, keeping the draft, and resumes after sign-in", async () => {
    const { api, store, clock, loop } = makeLoop();
    await loop.restore(api.documentId);
    api.faults.push("401");
    loop.edit(textDoc("before the session ended"));
    await clock.advance(1000);
    expect(loop.status.state).toBe("signedOut");
    loop.edit(textDoc("still typing"));
    await clock.advance(60_000);
    expect(api.saves).toHaveLength(1);
    expect(store.get(KEY)?.document).toEqual(textDoc("still typing"));
    await loop.resume();
    expect(api.document).toEqual(textDoc("still typing"));
    expect(loop.status.state).toBe("saved");
  });

  it("shows a 409 as a conflict holding both versions; keepMine saves mine on theirs", async () => {
    const { api, store, clock, loop } = makeLoop();
    await loop.restore(api.documentId);
    api.writeElsewhere(textDoc("theirs"));
    loop.edit(textDoc("mine"));
    await clock.advance(1000);
    expect(loop.status.state).toBe("conflict");
    expect(loop.status.conflict).toMatchObject({
      mine: textDoc("mine"),
      theirs: textDoc("theirs"),
    });
    await clock.advance(60_000);
    expect(api.saves).toHaveLength(1); // never overwritten silently
    loop.edit(textDoc("mine, edited in the conflict"));
    expect(loop.status.conflict?.mine).toEqual(textDoc("mine, edited in the conflict"));
    await loop.keepMine();
    expect(api.saves.at(-1)?.base).toBe(`doc:${JSON.stringify(textDoc("theirs"))}`);
    expect(api.document).toEqual(textDoc("mine, edited in the conflict"));
    expect(store.get(KEY)).toBeNull();
    expect(loop.status.state).toBe("saved");
  });

  it("takeTheirs drops the draft and answers the server's version", async () => {
    const { api, store, clock, loop } = makeLoop();
    await loop.restore(api.documentId);
    api.writeElsewhere(textDoc("theirs"));
    loop.edit(textDoc("mine"));
    await clock.advance(1000);
    expect(loop.takeTheirs()).toEqual(textDoc("theirs"));
    expect(store.get(KEY)).toBeNull();
    expect(api.document).toEqual(textDoc("theirs"));
    expect(loop.status.state).toBe("saved");
    // The next edit is based on theirs.
    loop.edit(textDoc("after theirs"));
    await clock.advance(1000);
    expect(api.document).toEqual(textDoc("after theirs"));
  });

  it("restores a draft on an older base as a conflict when the server's page changed", async () => {
    const first = makeLoop();
    await first.loop.restore(first.api.documentId);
    first.api.faults.push("offline");
    first.loop.edit(textDoc("mine, unsaved"));
    await first.clock.advance(1000);
    first.loop.close();
    first.api.writeElsewhere(textDoc("theirs, meanwhile"));
    const again = makeLoop({ api: first.api, store: first.store, clock: first.clock });
    await again.loop.restore(first.api.documentId);
    await again.clock.advance(0);
    expect(again.loop.status.state).toBe("conflict");
    expect(again.loop.status.conflict?.mine).toEqual(textDoc("mine, unsaved"));
    expect(first.store.get(KEY)?.document).toEqual(textDoc("mine, unsaved"));
  });

  it("recognises its own lost save after a timeout even when newer edits followed", async () => {
    const { api, store, clock, loop } = makeLoop();
    await loop.restore(api.documentId);
    api.faults.push("lost");
    loop.edit(textDoc("first"));
    await clock.advance(1000);
    loop.edit(textDoc("second"));
    await clock.advance(15_000); // the time limit: offline, then the retry's 409 is our own
    await clock.advance(5000);
    expect(api.document).toEqual(textDoc("second"));
    expect(loop.status.state).toBe("saved");
    expect(store.get(KEY)).toBeNull();
  });
});
