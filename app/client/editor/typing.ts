import { Extension } from "@tiptap/core";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";

/**
 * "Who is typing" in a live room (issue 38). The typist's awareness carries `typing: true` from
 * their first local edit until 2 s without one; the field changes only at those two moments, so
 * a burst of typing adds at most two awareness changes, which travel in the provider's throttled
 * presence messages together with the caret (the room's per-socket budget is untouched). The
 * others see "typing" beside the person in "Who is here", and a polite live region says who
 * started typing — once per person per minute, never when they stop, so a screen reader is not
 * told every pause.
 */

/** Idle time after the last local edit before the typist is no longer "typing". */
const TYPING_IDLE_MS = 2000;

/** How long a person announced as typing is not announced again. */
const ANNOUNCE_AGAIN_MS = 60_000;

/** Whether an awareness state says its person is typing (any shape: it comes from other tabs). */
export function isTyping(state: unknown): boolean {
  return (state as { typing?: unknown } | null)?.typing === true;
}

/** Sets and clears this person's `typing` field on their own edits (see above). */
export function typingSignal(awareness: Awareness): Extension {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    timer = null;
    if (awareness.getLocalState() !== null) awareness.setLocalStateField("typing", false);
  };
  return Extension.create({
    name: "typingSignal",
    onTransaction({ transaction }) {
      if (!transaction.docChanged || !this.editor.isEditable) return;
      const sync = transaction.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
      if (sync?.isChangeOrigin) return; // someone else's edit, rendered here
      if (timer === null) awareness.setLocalStateField("typing", true);
      else clearTimeout(timer);
      timer = setTimeout(stop, TYPING_IDLE_MS);
    },
    onDestroy() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  });
}

/** "Ada is typing", "Ada and Bo are typing", "Ada, Bo and Cy are typing". */
function sentence(names: readonly string[]): string {
  const list =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  return `${list} ${names.length === 1 ? "is" : "are"} typing`;
}

/** Someone typing, as the announcer is told. */
interface Typist {
  id: string;
  name: string;
}

/**
 * The polite live region of who started typing: `update` takes the people typing now (the
 * viewer excluded) and speaks only when one of them was not announced in the last minute.
 */
export function typingAnnouncer(now: () => number = Date.now): {
  region: HTMLElement;
  update(typists: readonly Typist[]): void;
} {
  const region = document.createElement("p");
  region.className = "a-visually-hidden";
  region.setAttribute("role", "status");
  region.dataset.typingAnnouncer = "";
  const announced = new Map<string, number>();
  return {
    region,
    update(typists) {
      const at = now();
      const due = (id: string) => (announced.get(id) ?? -Infinity) <= at - ANNOUNCE_AGAIN_MS;
      if (typists.length === 0) region.textContent = "";
      if (!typists.some(({ id }) => due(id))) return;
      for (const { id } of typists) announced.set(id, at);
      region.textContent = sentence(typists.map(({ name }) => name));
    },
  };
}
