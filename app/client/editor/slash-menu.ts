import { Extension } from "@tiptap/core";
import { Plugin, type EditorState } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { BLOCK_CHOICES, type BlockChoice } from "./blocks";

/**
 * The `/` menu: typing `/` at the start of a line or after a space opens a listbox of blocks
 * (blocks.ts) under the caret; the words typed after it filter the list; arrow keys move,
 * Enter or Tab makes the block, Escape closes (until the `/` is typed again), a click chooses.
 * The editor's textbox names the listbox and its active option for screen readers.
 */

interface Trigger {
  from: number;
  to: number;
  query: string;
}

/** The `/` and the words after it, just before an empty selection in a plain textblock. */
function triggerOf(state: EditorState): Trigger | null {
  const { $from, empty } = state.selection;
  if (!empty || !$from.parent.isTextblock || $from.parent.type.spec.code) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc");
  const match = /(?:^|\s)\/([\p{L}\d]+(?: [\p{L}\d]+)* ?)?$/u.exec(before);
  if (!match) return null;
  const query = match[1] ?? "";
  return { from: $from.pos - query.length - 1, to: $from.pos, query };
}

const matching = (query: string): BlockChoice[] => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return BLOCK_CHOICES.filter((choice) => {
    const haystack = `${choice.label} ${choice.keywords}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
};

const LIST_ID = "q-ed-slash";

/** The menu of one editor view: its listbox element and what it shows. */
class SlashMenu {
  private readonly list = document.createElement("div");
  private trigger: Trigger | null = null;
  private choices: BlockChoice[] = [];
  private active = 0;
  private dismissedAt: number | null = null;

  constructor(private readonly view: EditorView) {
    this.list.id = LIST_ID;
    this.list.className = "q-ed-slash";
    this.list.setAttribute("role", "listbox");
    this.list.setAttribute("aria-label", "Insert a block");
    this.list.hidden = true;
    this.list.addEventListener("mousedown", (event) => event.preventDefault());
    this.list.addEventListener("click", (event) => {
      const option = (event.target as HTMLElement).closest<HTMLElement>("[role=option]");
      if (option?.dataset.index) this.choose(Number(option.dataset.index));
    });
    document.body.append(this.list);
    this.update();
  }

  get open(): boolean {
    return this.trigger !== null;
  }

  update(): void {
    const trigger = triggerOf(this.view.state);
    if (!trigger) this.dismissedAt = null;
    const choices = trigger ? matching(trigger.query) : [];
    if (!trigger || trigger.from === this.dismissedAt || choices.length === 0) {
      this.close();
      return;
    }
    if (this.trigger?.query !== trigger.query) this.active = 0;
    this.trigger = trigger;
    this.choices = choices;
    this.render();
  }

  private render(): void {
    this.list.replaceChildren(
      ...this.choices.map((choice, index) => {
        const option = document.createElement("div");
        option.id = `${LIST_ID}-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", String(index === this.active));
        option.dataset.index = String(index);
        option.textContent = choice.label;
        return option;
      }),
    );
    const coords = this.view.coordsAtPos(this.trigger?.from ?? 0);
    this.list.style.left = `${coords.left + window.scrollX}px`;
    this.list.style.top = `${coords.bottom + window.scrollY + 4}px`;
    this.list.hidden = false;
    this.view.dom.setAttribute("aria-controls", LIST_ID);
    this.view.dom.setAttribute("aria-activedescendant", `${LIST_ID}-${this.active}`);
  }

  close(): void {
    this.trigger = null;
    this.list.hidden = true;
    this.view.dom.removeAttribute("aria-controls");
    this.view.dom.removeAttribute("aria-activedescendant");
  }

  /** The menu's keys while it is open; answers whether it took the key. */
  key(event: KeyboardEvent): boolean {
    if (!this.trigger) return false;
    const count = this.choices.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      this.active = (this.active + (event.key === "ArrowDown" ? 1 : count - 1)) % count;
      this.render();
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      this.choose(this.active);
      return true;
    }
    if (event.key === "Escape") {
      this.dismissedAt = this.trigger.from;
      this.close();
      return true;
    }
    return false;
  }

  private choose(index: number): void {
    const choice = this.choices[index];
    const trigger = this.trigger;
    if (!choice || !trigger) return;
    const { state } = this.view;
    const tr = state.tr.delete(trigger.from, trigger.to);
    choice.make(tr, state.schema);
    this.view.dispatch(tr.scrollIntoView());
    this.view.focus();
  }

  destroy(): void {
    this.list.remove();
  }
}

/** The `/` menu as a Tiptap extension. */
export const slashMenu = Extension.create({
  name: "slashMenu",
  // Ahead of the writing keymap: Enter and Tab choose while the menu is open.
  priority: 1100,
  addProseMirrorPlugins() {
    let menu: SlashMenu | null = null;
    return [
      new Plugin({
        view: (view) => {
          menu = new SlashMenu(view);
          return { update: () => menu?.update(), destroy: () => menu?.destroy() };
        },
        props: { handleKeyDown: (_view, event) => menu?.key(event) ?? false },
      }),
    ];
  },
});
