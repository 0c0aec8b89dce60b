// Varied support conversations for the insights bench: the 12 labelled problems of the quality
// fixture (test/fixtures/conversations, several languages, typos) plus 8 more, and the fixture's
// noise (thanks, greetings, how-tos answered at once), recombined with openers, closers, detail
// and follow-ups by a seeded generator, so every run ingests the same 10,000 texts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./config.mjs";
import { prng } from "./documents.mjs";

/** Problems the fixture does not have: a few phrasings each, so ~20 problems in all. */
const EXTRA_PROBLEMS = {
  "slow-editor": [
    "The editor is very slow when typing in long pages, every key takes a second.",
    "Typing lags badly in the editor on big pages.",
    "L'éditeur est très lent sur les longues pages, la saisie rame.",
    "editor super slow typing lag on long page",
  ],
  "broken-links": [
    "Links between pages are broken after we moved the pages to another group.",
    "Internal page links show 404 since we reorganised the table of contents.",
    "Les liens entre les pages sont cassés depuis le déplacement des pages.",
  ],
  "merge-conflict": [
    "Merging my change request fails with a conflict on a page nobody else edited.",
    "The change request cannot be merged, it says there is a conflict.",
    "Le merge de la demande de modification échoue avec un conflit.",
  ],
  "code-block-highlighting": [
    "Code blocks lost their syntax highlighting for Python.",
    "Syntax highlighting in code blocks is gone, everything is plain text.",
    "El resaltado de sintaxis de los bloques de código ya no funciona.",
  ],
  "analytics-missing": [
    "The site analytics dashboard shows zero visitors since last week.",
    "Analytics for our published site stopped counting page views.",
    "Die Analytics zeigen keine Besucher mehr seit letzter Woche.",
  ],
  "openapi-import": [
    "Importing our OpenAPI spec fails with a parse error on a valid file.",
    "The OpenAPI spec upload says invalid YAML but the file validates elsewhere.",
    "L'import de la spec OpenAPI échoue avec une erreur de parsing.",
  ],
  "translation-quality": [
    "The automatic translation to German leaves half of the page in English.",
    "Translated space is missing the table cells, they stay untranslated.",
    "La traduction automatique laisse des paragraphes en anglais.",
  ],
  "permissions-guest": [
    "Guests can see spaces they were never invited to.",
    "A guest user sees private spaces in the organization, permissions look wrong.",
    "Les invités voient des espaces privés auxquels ils n'ont pas accès.",
  ],
};

const OPENERS = ["Hi,", "Hello team,", "Hey there!", "Bonjour,", "Hola,", "Hallo,", "", "", ""];
const CLOSERS = ["", "", "Thanks in advance.", "Any idea?", "Merci d'avance.", "Danke!", "Urgent."];
const ANSWERS = [
  "Thanks for reaching out, let me check this for you.",
  "Could you share a screenshot?",
  "Have you tried the steps in our documentation?",
];
const FOLLOW_UPS = [
  "Still the same problem, nothing changed.",
  "Yes I tried that, same error.",
  "Ça ne marche toujours pas.",
];

/** The fixture's first user message per problem, and its noise conversations as they are. */
function fixturePools() {
  const file = join(ROOT, "test/fixtures/conversations/conversations.json");
  const fixture = JSON.parse(readFileSync(file, "utf8"));
  const problems = {};
  const noise = [];
  for (const c of fixture) {
    if (c.label === null) noise.push(c.parts.map(({ role, body }) => ({ role, body })));
    else (problems[c.label] ??= []).push(c.parts.find((p) => p.role === "user").body);
  }
  for (const [label, lines] of Object.entries(EXTRA_PROBLEMS)) problems[label] = lines;
  return { problems, noise };
}

/**
 * `count` conversations (ids `bench-<n>`), one in five noise, the rest spread over the ~20
 * problems, created over the last 13 weeks; each carries its label for the report.
 */
export function generateConversations(count, seed = 20261125) {
  const random = prng(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const { problems, noise } = fixturePools();
  const labels = Object.keys(problems);
  const now = Date.now();
  const out = [];
  for (let n = 0; n < count; n++) {
    const createdAt = new Date(now - Math.floor(random() * 13 * 7 * 86_400_000)).toISOString();
    const base = { id: `bench-${n}`, metadata: { createdAt } };
    if (random() < 0.2) {
      const turns = pick(noise);
      out.push({ ...base, label: null, parts: turns.map((t) => ({ type: "message", ...t })) });
      continue;
    }
    const label = pick(labels);
    const detail = random() < 0.3 ? ` Account ${Math.floor(random() * 90_000) + 10_000}.` : "";
    const body = [pick(OPENERS), pick(problems[label]) + detail, pick(CLOSERS)]
      .filter(Boolean)
      .join(" ");
    const parts = [{ type: "message", role: "user", body }];
    if (random() < 0.6) parts.push({ type: "message", role: "assistant", body: pick(ANSWERS) });
    if (parts.length > 1 && random() < 0.4)
      parts.push({ type: "message", role: "user", body: pick(FOLLOW_UPS) });
    out.push({ ...base, label, parts });
  }
  return out;
}
