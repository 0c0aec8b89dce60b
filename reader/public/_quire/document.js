// Tabs in documents (they read without it: every panel in order under its title).
// Turns each .q-doc-tabs into real tabs: one panel shown, arrow keys, Home and End between tabs.
(() => {
  const select = (tabs, tab, focus) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
  };
  for (const root of document.querySelectorAll(".q-doc-tabs")) {
    const list = root.querySelector(".q-tablist");
    if (!list) continue;
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    if (tabs.length === 0) continue;
    for (const t of tabs) {
      const panel = document.getElementById(t.getAttribute("aria-controls"));
      if (!panel) continue;
      panel.setAttribute("aria-labelledby", t.id);
      panel.tabIndex = 0;
    }
    list.hidden = false;
    root.classList.add("q-doc-tabs-ready");
    // A link to a panel, or to something inside one, opens that panel.
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const start = tabs.find((t) => {
      const panel = document.getElementById(t.getAttribute("aria-controls"));
      return panel && target && panel.contains(target);
    });
    select(tabs, start || tabs[0], false);
    list.addEventListener("click", (e) => {
      const tab = e.target.closest('[role="tab"]');
      if (tab) select(tabs, tab, false);
    });
    list.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(document.activeElement);
      if (i < 0) return;
      const n = tabs.length;
      const next = {
        ArrowRight: (i + 1) % n,
        ArrowLeft: (i - 1 + n) % n,
        Home: 0,
        End: n - 1,
      }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      select(tabs, tabs[next], true);
    });
  }
})();

// A link to an expandable, or to something inside a closed one, opens it (GitBook's anchors for
// expandables: their id is their title's slug). Without scripts the summary still shows.
(() => {
  const targetOf = () => {
    try {
      const id = decodeURIComponent(location.hash.slice(1));
      return id ? document.getElementById(id) : null;
    } catch {
      return null;
    }
  };
  const reveal = () => {
    const target = targetOf();
    if (!target) return;
    let opened = false;
    for (let el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS" && !el.open) {
        el.open = true;
        opened = true;
      }
    }
    if (opened) target.scrollIntoView();
  };
  reveal();
  window.addEventListener("hashchange", reveal);
})();
