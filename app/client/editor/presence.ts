import { Extension } from "@tiptap/core";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";
import { afterPaintUpdates } from "./live-speed";
import { isTyping, typingAnnouncer } from "./typing";

/**
 * Who is here in a live room (issue 38): each person's caret and selection with their name and
 * colour (y-tiptap's `yCursorPlugin` over the room's awareness, its field `cursor`), and the
 * list of people in the editor's header. Colours are a fixed palette of classes in
 * css/editor.css (`q-co-c0`…`q-co-c7`): the CSP allows no inline style, so a person's colour
 * travels as the palette's hex and is drawn by its class.
 */

/** The palette (white text on each passes WCAG AA); awareness carries one of these as `colour`. */
const PALETTE = [
  "#0a5bc4",
  "#b3261e",
  "#1a7f37",
  "#8250df",
  "#8a5a00",
  "#bf3989",
  "#0b7285",
  "#57606a",
] as const;

/** A person in the room, as their awareness state says (`user` of the contract). */
interface Person {
  id: string;
  name: string;
  colour: string;
}

/** A small stable hash of a string (a colour for a person whose colour is not the palette's). */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** The palette colour of a person id. */
export function colourFor(id: string): string {
  return PALETTE[hash(id) % PALETTE.length]!;
}

/** The palette class of someone's awareness `user` (any shape: it comes from other tabs). */
function colourClass(user: unknown, fallbackId: number): string {
  const fields = (typeof user === "object" && user !== null ? user : {}) as Record<string, unknown>;
  const index = PALETTE.indexOf(fields.colour as (typeof PALETTE)[number]);
  if (index >= 0) return `q-co-c${index}`;
  const id = typeof fields.id === "string" ? fields.id : String(fallbackId);
  return `q-co-c${hash(id) % PALETTE.length}`;
}

/** The person an awareness state names, or null when it names none. */
function personOf(state: unknown): Person | null {
  const user = (state as { user?: unknown } | null)?.user;
  if (typeof user !== "object" || user === null) return null;
  const { id, name, colour } = user as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string") return null;
  return { id, name: name.slice(0, 80), colour: typeof colour === "string" ? colour : "" };
}

/** A person's caret: a coloured bar with their name above it. */
function caret(user: unknown, clientId: number): HTMLElement {
  const bar = document.createElement("span");
  bar.className = `q-co-caret ${colourClass(user, clientId)}`;
  bar.setAttribute("aria-hidden", "true");
  const label = document.createElement("span");
  label.className = "q-co-caret-label";
  label.textContent = personOf({ user })?.name ?? "Someone";
  bar.append(document.createTextNode("\u2060"), label, document.createTextNode("\u2060"));
  return bar;
}

/** The cursors and selections of the others in the room. */
export function liveCursors(awareness: Awareness): Extension {
  return Extension.create({
    name: "liveCursors",
    addProseMirrorPlugins: () => {
      const plugin = yCursorPlugin(awareness, {
        cursorBuilder: caret,
        selectionBuilder: (user: unknown, clientId: number) => ({
          class: `q-co-selection ${colourClass(user, clientId)}`,
          nodeName: "span",
        }),
      });
      afterPaintUpdates(plugin);
      return [plugin];
    },
  });
}

/** Initials of a name, for the avatar (at most two letters). */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? "").join("") || "?";
}

/**
 * The "who is here" list before `anchor`: one entry per person (two tabs of one person count
 * once), the viewer first, each other person marked "typing" while one of their tabs says so
 * (typing.ts, which also announces it), redrawn whenever the room's awareness changes.
 */
export function presenceList(awareness: Awareness, anchor: HTMLElement, selfId: string): void {
  const list = document.createElement("ul");
  list.className = "q-co-people";
  list.setAttribute("aria-label", "Who is here");
  list.dataset.presence = "";
  const announcer = typingAnnouncer();
  let drawn: string | null = null;
  const draw = () => {
    const people = new Map<string, { person: Person; client: number }>();
    const typing = new Set<string>();
    for (const [client, state] of awareness.getStates()) {
      const person = personOf(state);
      if (person && !people.has(person.id)) people.set(person.id, { person, client });
      if (person && person.id !== selfId && isTyping(state)) typing.add(person.id);
    }
    const ordered = [...people.values()].sort((a, b) =>
      a.person.id === selfId
        ? -1
        : b.person.id === selfId
          ? 1
          : a.person.name.localeCompare(b.person.name),
    );
    // Awareness changes with every caret move (the cursors): redraw only what the list shows.
    const shown = ordered
      .map(({ person, client }) => [
        person.id,
        client,
        person.name,
        person.colour,
        typing.has(person.id),
      ])
      .join("\n");
    if (shown !== drawn) {
      drawn = shown;
      list.replaceChildren(...items(ordered, typing));
    }
    announcer.update(
      ordered.filter(({ person }) => typing.has(person.id)).map(({ person }) => person),
    );
  };
  const items = (
    ordered: Array<{ person: Person; client: number }>,
    typing: ReadonlySet<string>,
  ): HTMLElement[] =>
    ordered.map(({ person, client }) => {
      const item = document.createElement("li");
      item.className = "q-co-person";
      item.dataset.personId = person.id;
      const avatar = document.createElement("span");
      avatar.className = `q-co-avatar ${colourClass(person, client)}`;
      avatar.setAttribute("aria-hidden", "true");
      avatar.textContent = initials(person.name);
      const name = document.createElement("span");
      name.className = "q-co-name";
      name.textContent = person.id === selfId ? `${person.name} (you)` : person.name;
      item.append(avatar, name);
      if (typing.has(person.id)) {
        item.dataset.typing = "";
        const note = document.createElement("span");
        note.className = "q-co-typing";
        note.textContent = "typing";
        item.append(note);
      }
      return item;
    });
  awareness.on("change", draw);
  draw();
  anchor.before(list, announcer.region);
}
