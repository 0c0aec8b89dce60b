import { matchesAll, searchWords } from "./reference-model";

/**
 * The reference page's one stylesheet. Every text colour keeps a contrast of at least 4.5:1 on
 * its background (WCAG AA, checked by the axe test in test-browser/); the CSP admits it by hash.
 */
export const REFERENCE_STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1.5rem 2rem 4rem; color: #1c1c1c; background: #fff; }
a { color: #0645ad; }
h1 small { font-weight: 400; color: #4a4a4a; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.3rem; margin-top: 2.5rem; }
h3 { font-size: 1.05rem; margin: 0 0 0.3rem; }
h4 { font-size: 0.95rem; margin: 0.9rem 0 0.3rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; }
pre { background: #f4f4f4; color: #1c1c1c; padding: 0.6rem 0.8rem; overflow-x: auto; border-radius: 4px; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; }
form { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; margin: 1rem 0 0.3rem; }
input[type="search"] { font: inherit; padding: 0.3rem 0.5rem; min-width: 20rem; border: 1px solid #767676; border-radius: 4px; }
button { font: inherit; padding: 0.3rem 0.9rem; border: 1px solid #0645ad; background: #0645ad; color: #fff; border-radius: 4px; cursor: pointer; }
.op { margin: 1rem 0; padding: 0.7rem 1rem; border: 1px solid #d0d0d0; border-radius: 6px; }
.op:target { outline: 3px solid #0645ad; }
.m { display: inline-block; min-width: 4.2rem; font-weight: 700; }
.get { color: #0b6b38; }
.post { color: #0550ae; }
.put, .patch { color: #8a4600; }
.delete { color: #b0221b; }
.anchor { color: #4a4a4a; margin-left: 0.3rem; }
.opid { color: #4a4a4a; font-size: 0.9em; margin: 0.2rem 0; }
.rq { font-size: 0.8em; font-weight: 600; color: #8a1c1c; margin-left: 0.3rem; }
.t { color: #1a4d7a; }
.c { color: #4a4a4a; font-size: 0.9em; }
.d { color: #333; }
.st { font-family: ui-monospace, monospace; font-weight: 700; }
.props, .variants { margin: 0.2rem 0; padding-left: 1.2rem; }
.props li { margin: 0.15rem 0; }
details > summary { cursor: pointer; color: #0645ad; }
table { border-collapse: collapse; margin-top: 0.3rem; }
th { text-align: left; font-weight: 600; border-bottom: 1px solid #ccc; }
th, td { padding: 0.15rem 0.8rem 0.15rem 0; vertical-align: top; }
.schema-def { margin: 1rem 0; }
[hidden] { display: none !important; }
`;

/**
 * The page's one script: filters the operations live as the search box changes (the form does
 * the same on the server without JavaScript). Its two rules are the server's own functions,
 * sent as their source; the CSP admits the script by hash.
 */
export const REFERENCE_SCRIPT = `(() => {
  const words = (${searchWords.toString()});
  const matches = (${matchesAll.toString()});
  const input = document.getElementById("q");
  const count = document.getElementById("count");
  const ops = Array.from(document.querySelectorAll(".op"));
  const groups = Array.from(document.querySelectorAll(".tag"));
  const filter = () => {
    const wanted = words(input.value);
    let shown = 0;
    for (const op of ops) {
      const hit = matches(op.dataset.search, wanted);
      op.hidden = !hit;
      if (hit) shown += 1;
    }
    for (const group of groups) group.hidden = !group.querySelector(".op:not([hidden])");
    count.textContent = shown + " of " + count.dataset.total + " operations";
  };
  input.addEventListener("input", filter);
})();`;
