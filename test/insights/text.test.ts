import { describe, expect, it } from "vitest";
import { extractIssues } from "../../src/insights/extract";
import { splitCompound } from "../../src/insights/lexicon";
import { tokenize } from "../../src/insights/text";
import { nearTerms, softCosine } from "../../src/insights/vectors";

const terms = (text: string) => tokenize(text).map((t) => t.term);

describe("insights text: one term per notion, typos forgiven, chatter left out", () => {
  it("maps the four languages' words of one notion to one term", () => {
    const card = terms("card")[0];
    for (const w of ["carte", "tarjeta", "Karte", "cartes", "tarjetas"]) {
      expect(terms(w), w).toEqual([card]);
    }
    expect(terms("Erinnerungen")).toEqual(terms("reminder"));
    expect(terms("pièces jointes")).toEqual(terms("attachment"));
  });

  it("splits a German compound whose last part is a known notion", () => {
    expect(splitCompound("kartenzahlungen")).toEqual(["karten", "zahlungen"]);
    expect(terms("Kartenzahlungen")).toEqual(terms("card payment"));
    expect(splitCompound("kaffee")).toBeNull();
  });

  it("takes generic verbs, weekdays and function words for no topic", () => {
    expect(terms("Visa Zahlungen gehen am Freitag nicht durch")).toEqual(terms("visa payment"));
    expect(terms("Tengo una tienda")).toEqual(terms("shop"));
  });

  it("counts a one-typo spelling as near, not a longer word or a short one", () => {
    expect(nearTerms("export", "epxort")).toBe(true);
    expect(nearTerms("invoic", "inovic")).toBe(true);
    expect(nearTerms("enter", "enterp")).toBe(false);
    expect(nearTerms("card", "cart")).toBe(false);
    expect(softCosine({ export: 1 }, { epxort: 1 })).toBeCloseTo(0.8);
    expect(softCosine({ export: 1 }, { import: 1 })).toBe(0);
  });

  it("counts a letter dropped or doubled before the stem's cut as a typo", () => {
    // "checkout" / "ceckout" and "verification" / "verrification" stem one letter shifted.
    expect(nearTerms("checko", "ceckou")).toBe(true);
    expect(nearTerms("verifi", "verrif")).toBe(true);
    expect(nearTerms("checko", "chance")).toBe(false);
  });

  it('reads German "Mal" (a time, an occurrence) as no judgement of the trouble', () => {
    const body =
      "Ich bestelle jeden Freitag. Die Preise in der App sind höher als im Laden. Das ist schon das dritte Mal diesen Monat.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got.has(terms("Preise")[0]!)).toBe(true);
  });

  it("folds ß into ss and maps general verbs across languages", () => {
    expect(terms("Die App schließt sich")).toEqual(terms("the app closes"));
    expect(terms("la app se cierra")).toEqual(terms("the app closes"));
  });

  it("keeps a thread open when the follow-up says it is not solved", () => {
    for (const followUp of [
      "Still not solved.",
      "Immer noch nicht gelöst.",
      "Toujours pas réglé.",
    ]) {
      const issues = extractIssues(null, [
        { role: "user", body: "The login code arrives after it has already expired" },
        { role: "assistant", body: "Could you give us the order number?" },
        { role: "user", body: followUp },
      ]);
      expect(issues).toHaveLength(1);
    }
  });

  it('reads "merci de régler ça" as a request, not as thanks', () => {
    const body = "L'appli place mon adresse deux rues plus loin. Merci de régler ça.";
    expect(extractIssues(null, [{ role: "user", body }])).toHaveLength(1);
    expect(extractIssues(null, [{ role: "user", body: "Merci de votre aide !" }])).toEqual([]);
  });

  it("takes what the user tried for context, not for the trouble", () => {
    const body = "Checkout spins forever and then closes the app. I restarted my phone twice.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got.has(terms("checkout")[0]!)).toBe(true);
  });

  it("draws an issue's terms from the sentences stating the trouble, not the chatter", () => {
    const body =
      "I'm the owner of a bike store. Our busy season just started. Discount codes are not applied.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got).toEqual(new Set(terms("Discount codes are not applied")));
  });
});
