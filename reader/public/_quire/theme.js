// The reader's colour theme before the page paints (no flash): the visitor's saved choice from
// reader.js's toggle, else nothing, and the stylesheet follows the system's preference.
try {
  var t = localStorage.getItem("q-theme");
  if (t === "light" || t === "dark") document.documentElement.setAttribute("data-theme", t);
} catch {
  // Storage refused (privacy mode): the system's preference applies.
}
