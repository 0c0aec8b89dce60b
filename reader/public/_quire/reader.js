// Page niceties (pages work without them): theme, menus, copy, feedback, search suggestions.
(() => {
  const $ = (s, el = document) => el.querySelector(s);
  const $$ = (s) => document.querySelectorAll(s);
  const on = (el, type, fn) => el.addEventListener(type, fn);
  const say = (text) => (($("#q-announcer") || {}).textContent = text);
  const make = (tag, cls, text) => {
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text || "";
    return el;
  };
  const set = (el, values) => Object.entries(values).forEach(([k, v]) => el.setAttribute(k, v));

  // Theme: system → light → dark, kept in localStorage "q-theme" for theme.js.
  const THEMES = ["system", "light", "dark"];
  const root = document.documentElement;
  const toggle = $(".q-theme-toggle");
  const showTheme = (i) => {
    set(toggle, { "aria-pressed": i ? String(i === 2) : "mixed", title: `Theme: ${THEMES[i]}` });
    $(".q-theme-icon", toggle).textContent = "◐☀☾"[i];
  };
  if (toggle) {
    let i = Math.max(0, THEMES.indexOf(root.dataset.theme));
    toggle.hidden = false;
    showTheme(i);
    on(toggle, "click", () => {
      i = (i + 1) % 3;
      if (i) root.dataset.theme = THEMES[i];
      else delete root.dataset.theme;
      try {
        if (i) localStorage.setItem("q-theme", THEMES[i]);
        else localStorage.removeItem("q-theme");
      } catch {
        // Not kept.
      }
      showTheme(i);
    });
  }

  // Page tree: closed behind "Menu" when narrow, open when wide.
  const menu = $(".q-menu");
  const narrow = window.matchMedia("(max-width: 799.98px)");
  const fitMenu = () => menu && (menu.open = !narrow.matches);
  fitMenu();
  on(narrow, "change", fitMenu);

  // Dropdowns close on Escape or a click elsewhere; copy buttons copy their <pre>.
  on(document, "keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const d of $$(".q-dropdown[open]")) {
      d.open = false;
      if (d.contains(document.activeElement)) $("summary", d).focus();
    }
  });
  for (const b of $$(".q-copy")) b.hidden = false;
  on(document, "click", (e) => {
    for (const d of $$(".q-dropdown[open]")) if (!d.contains(e.target)) d.open = false;
    const b = e.target.closest && e.target.closest(".q-copy");
    if (!b) return;
    const near = [b.previousElementSibling, b.nextElementSibling];
    const pre = near.find((el) => el && el.tagName === "PRE") || $("pre", b.parentElement);
    if (!pre || !navigator.clipboard) return say("Could not copy");
    navigator.clipboard.writeText(pre.innerText).then(
      () => say("Copied"),
      () => say("Could not copy"),
    );
  });

  // Feedback: the same POST with fetch; thanks in place of the form.
  for (const form of $$("form.q-feedback")) {
    on(form, "submit", (e) => {
      e.preventDefault();
      const data = new FormData(form);
      if (e.submitter && e.submitter.name) data.set(e.submitter.name, e.submitter.value);
      const body = new URLSearchParams(data);
      fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
        .then((res) => {
          if (!res.ok) throw new Error(res.statusText);
          const thanks = "Thanks for the feedback";
          form.replaceWith(make("p", "q-feedback-thanks", thanks));
          say(thanks);
        })
        .catch(() => say("Feedback not sent; please try again."));
    });
  }

  // Search suggestions (header field).
  const form = $("form[data-q-typeahead]");
  const input = form && $("input[name=q]", form);
  if (!input) return;
  const list = make("ul", "q-typeahead");
  set(list, { id: "q-typeahead", role: "listbox", "aria-label": "Suggestions" });
  set(input, { role: "combobox", "aria-autocomplete": "list", "aria-controls": list.id });
  form.appendChild(list);
  let [options, active, timer, pending] = [[], -1, 0, null];

  const select = (index) => {
    active = index;
    options.forEach((o, i) => o.setAttribute("aria-selected", String(i === index)));
    if (index < 0) input.removeAttribute("aria-activedescendant");
    else input.setAttribute("aria-activedescendant", options[index].id);
  };
  const open = (yes) => {
    list.hidden = !yes;
    input.setAttribute("aria-expanded", String(yes));
    select(-1);
  };
  open(false);
  const show = (hits) => {
    list.textContent = "";
    options = hits.map((hit, i) => {
      const li = make("li", "q-typeahead-option", hit.title);
      set(li, { id: `q-typeahead-${i}`, role: "option" });
      if (hit.context) li.appendChild(make("span", "q-typeahead-context", hit.context));
      on(li, "click", () => location.assign(hit.href));
      list.appendChild(li);
      return li;
    });
    const n = options.length;
    open(n > 0 && document.activeElement === input);
    say(n ? `${n} suggestion${n === 1 ? "" : "s"}` : "No suggestions");
  };
  const suggest = () => {
    const q = input.value.trim();
    if (pending) pending.abort();
    if (q.length < 2) return open(false);
    pending = new AbortController();
    fetch(`${form.action}?q=${encodeURIComponent(q)}&format=json`, { signal: pending.signal })
      .then((res) => (res.ok ? res.json() : { hits: [] }))
      .then((body) => show(Array.isArray(body.hits) ? body.hits : []))
      .catch(() => {});
  };

  on(input, "input", () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, 150);
  });
  on(input, "keydown", (e) => {
    const n = list.hidden ? 0 : options.length;
    const moves = { ArrowDown: (active + 1) % n, ArrowUp: active <= 0 ? n - 1 : active - 1 };
    if (n && e.key in moves) select(moves[e.key]);
    else if (n && e.key === "Enter" && active >= 0) options[active].click();
    else if (n && e.key === "Escape") open(false);
    else return;
    e.preventDefault();
  });
  on(input, "blur", () => setTimeout(() => open(false), 150));
})();
