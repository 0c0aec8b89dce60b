import { MemoryDraftStore } from "../../../core/saving/draft-store";
import { SaveLoop } from "../../../core/saving/save-loop";
import { sameDocument, type SaveStatus } from "../../../core/saving/save-status";
import type {
  Clock,
  LoadResult,
  PageDocument,
  PageRef,
  SaveResult,
  SaveTransport,
} from "../../../core/saving/transport";

/** A clock whose time moves only when the test says (`advance`), running due timers in order. */
export class FakeClock implements Clock {
  private time = 1_000_000;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time by `ms`, running each timer due on the way and letting its work settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (let ran = 0; ; ran++) {
      if (ran > 10_000) throw new Error("timers keep rescheduling: a busy loop");
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort(([a, ta], [b, tb]) => ta.at - tb.at || a - b)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].run();
      await settle();
    }
    this.time = end;
  }
}

/** Lets every promise callback queued so far (and those they queue) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A failure the fake API gives the next save. */
export type Fault =
  | "offline"
  | "500"
  | "timeout"
  /** The save is applied, but its answer never arrives (a restart, a dropped connection). */
  | "lost"
  | "400"
  | "401"
  | "403";

/**
 * The API's saving rule, in memory: a save on the page's current document, or of the document
 * it already holds, is applied (its id: its JSON); any other base is a 409. Faults are queued.
 */
export class FakeApi implements SaveTransport {
  document: PageDocument = { nodes: [] };
  documentId: string | null = idOf(this.document);
  readonly saves: { base: string | null; document: PageDocument }[] = [];
  /** The documents saves applied, in order. */
  readonly applied: PageDocument[] = [];
  readonly faults: Fault[] = [];
  /** Saves held unanswered until `release()`. */
  private held: (() => void)[] = [];
  hold = false;

  async save(_page: PageRef, base: string | null, document: PageDocument): Promise<SaveResult> {
    this.saves.push({ base, document });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const fault = this.faults.shift();
    if (fault === "offline") throw new TypeError("Failed to fetch");
    if (fault === "500") return { kind: "offline", reason: "500" };
    if (fault === "timeout") return new Promise<SaveResult>(() => {});
    if (fault === "401") return { kind: "signedOut" };
    if (fault === "400" || fault === "403") {
      return { kind: "failed", status: Number(fault), message: `refused (${fault})` };
    }
    if (base !== this.documentId && !sameDocument(document, this.document)) {
      return { kind: "conflict" };
    }
    this.document = structuredClone(document);
    this.documentId = idOf(document);
    this.applied.push(this.document);
    if (fault === "lost") return new Promise<SaveResult>(() => {});
    return { kind: "saved", documentId: this.documentId };
  }

  async load(): Promise<LoadResult> {
    return {
      kind: "loaded",
      documentId: this.documentId,
      document: structuredClone(this.document),
    };
  }

  /** Another tab or person writes the page. */
  writeElsewhere(document: PageDocument): void {
    this.document = document;
    this.documentId = idOf(document);
  }

  /** Answers every held save. */
  release(): void {
    this.hold = false;
    for (const resolve of this.held.splice(0)) resolve();
  }
}

/** The fake API's document id: the document's JSON. */
function idOf(document: PageDocument): string {
  return `doc:${JSON.stringify(document)}`;
}

/** The page every test edits. */
export const PAGE: PageRef = { spaceId: "s1", changeRequestId: "cr1", pageId: "p1" };

/** A document holding one text. */
export function textDoc(text: string): PageDocument {
  return { object: "document", data: {}, nodes: [{ type: "paragraph", text }] };
}

/** A save loop over a fake API, a memory store and a fake clock, recording its statuses. */
export function makeLoop(
  world: { api?: FakeApi; store?: MemoryDraftStore; clock?: FakeClock } = {},
) {
  const api = world.api ?? new FakeApi();
  const store = world.store ?? new MemoryDraftStore();
  const clock = world.clock ?? new FakeClock();
  const statuses: SaveStatus[] = [];
  const loop = new SaveLoop({
    page: PAGE,
    transport: api,
    store,
    clock,
    onStatus: (s) => statuses.push(s),
  });
  const states = () => statuses.map((s) => s.state);
  return { api, store, clock, loop, statuses, states };
}
