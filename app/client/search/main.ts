/**
 * Search with Ctrl/Cmd-K: a modal dialog holding an ARIA combobox whose listbox shows the spaces
 * whose titles match (from the sidebar) and the pages the organization search operation finds
 * (`GET /v1/orgs/{id}/search`, same-origin through the app's proxy). Arrow keys move, Enter
 * opens, Escape closes; Enter with no option chosen opens the results screen, which is also
 * what the top bar's form does without JavaScript.
 */

interface Hit {
  label: string;
  context: string;
  href: string;
}

interface SearchPage {
  title: string;
  urls: { app: string };
}

interface SearchItem {
  id: string;
  title: string;
  pages: SearchPage[];
}

const DEBOUNCE_MS = 150;
const MAX_HITS = 20;

const box = document.querySelector<HTMLInputElement>("#ws-q");
const orgId = box?.dataset.org;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text = "",
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** The spaces of the sidebar whose titles contain `query`. */
function spaceHits(query: string): Hit[] {
  const needle = query.toLocaleLowerCase();
  const links = document.querySelectorAll<HTMLAnchorElement>('#ws-nav .a-ws-tree a[href^="/s/"]');
  return Array.from(links)
    .filter((a) => (a.textContent ?? "").toLocaleLowerCase().includes(needle))
    .map((a) => ({ label: (a.textContent ?? "").trim(), context: "Space", href: a.pathname }));
}

/** Page hits of the organization search. */
async function pageHits(query: string, signal: AbortSignal): Promise<Hit[]> {
  const url = `/v1/orgs/${encodeURIComponent(orgId ?? "")}/search?query=${encodeURIComponent(query)}&limit=10`;
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { items: SearchItem[] };
  return body.items.flatMap((space) =>
    space.pages.map((page) => ({
      label: page.title,
      context: space.title,
      href:
        new URL(page.urls.app, location.href).pathname + new URL(page.urls.app, location.href).hash,
    })),
  );
}

function setup(input: HTMLInputElement, org: string) {
  const dialog = el("dialog", { class: "a-search-dialog", "aria-label": "Search" });
  const label = el("label", { for: "ws-k", class: "a-visually-hidden" }, "Search pages and spaces");
  const field = el("input", {
    id: "ws-k",
    type: "text",
    role: "combobox",
    "aria-expanded": "false",
    "aria-controls": "ws-k-list",
    "aria-autocomplete": "list",
    autocomplete: "off",
    placeholder: "Search pages and spaces",
  });
  const list = el("ul", { id: "ws-k-list", role: "listbox", "aria-label": "Results" });
  const status = el("p", { class: "a-search-status", role: "status" });
  dialog.append(label, field, list, status);
  document.body.append(dialog);

  let hits: Hit[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const draw = () => {
    list.replaceChildren(
      ...hits.map((hit, i) => {
        const option = el("li", {
          id: `ws-k-${i}`,
          role: "option",
          "aria-selected": i === active ? "true" : "false",
          "data-href": hit.href,
        });
        option.append(el("span", { class: "a-search-label" }, hit.label));
        option.append(el("span", { class: "a-search-context" }, hit.context));
        option.addEventListener("mousedown", (event) => {
          event.preventDefault();
          location.assign(hit.href);
        });
        return option;
      }),
    );
    field.setAttribute("aria-expanded", hits.length > 0 ? "true" : "false");
    if (active >= 0) field.setAttribute("aria-activedescendant", `ws-k-${active}`);
    else field.removeAttribute("aria-activedescendant");
    list.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest" });
  };

  const run = (query: string) => {
    pending?.abort();
    if (!query.trim()) {
      hits = [];
      active = -1;
      status.textContent = "";
      draw();
      return;
    }
    const controller = new AbortController();
    pending = controller;
    const spaces = spaceHits(query);
    pageHits(query, controller.signal)
      .then((pages) => {
        if (controller.signal.aborted) return;
        hits = [...spaces, ...pages].slice(0, MAX_HITS);
        active = hits.length > 0 ? 0 : -1;
        status.textContent = hits.length === 0 ? "Nothing found" : `${hits.length} results`;
        draw();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        hits = spaces;
        active = hits.length > 0 ? 0 : -1;
        status.textContent = `Search is unavailable (${String(error)}); press Enter for the results page.`;
        draw();
      });
  };

  field.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(field.value), DEBOUNCE_MS);
  });
  field.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      active = (active + step + hits.length) % hits.length;
      draw();
    } else if (event.key === "Enter") {
      event.preventDefault();
      const hit = hits[active];
      if (hit) location.assign(hit.href);
      else if (field.value.trim()) {
        location.assign(
          `/o/${encodeURIComponent(org)}/search?q=${encodeURIComponent(field.value)}`,
        );
      }
    }
  });
  dialog.addEventListener("close", () => input.focus());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });

  const open = () => {
    if (dialog.open) return;
    field.value = input.value;
    dialog.showModal();
    field.focus();
    field.select();
    if (field.value) run(field.value);
  };
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
      event.preventDefault();
      open();
    }
  });
}

if (box && orgId) setup(box, orgId);
