import type { Corpus } from "../corpora/kit";
import { buildTicketCorpus, type TicketLang, type TicketLanguage } from "../ticket-kit";
import { FOOD_PROBLEMS_1 } from "./food-problems-1";
import { FOOD_PROBLEMS_2 } from "./food-problems-2";

/**
 * Corpus "food-desk" — TUNING (issue 33, family D): a food-delivery app's desk, 10 problems ×
 * 30 conversations + 50 noise, English, French, German, Spanish; the kit of the held-out
 * course-desk with its own seed and wording (the engine was tuned on this corpus).
 */

const LANGUAGES: Record<TicketLang, TicketLanguage> = {
  en: {
    frames: ["{say}", "Hey, {say}", "{say} Please sort this out.", "Again: {say}"],
    greetings: ["Hi,", "Hello team,", ""],
    signoffs: ["Thanks, Marco", "Regards, Li", "", "Fix this please!"],
    contexts: [
      "I order lunch for our office every Friday.",
      "I'm a regular customer for two years.",
      "We ordered for a birthday party tonight.",
    ],
    tried: ["I restarted my phone twice.", "I tried on the website too, same thing."],
    impacts: ["We were twelve people waiting.", "This is the third time this month."],
    replies: [
      "Could you give us the order number?",
      "Sorry about that, can you share a screenshot?",
    ],
    followUps: ["Still not solved.", "Same again today, nothing changed."],
  },
  fr: {
    frames: ["{say}", "Encore une fois : {say}", "{say} Merci de régler ça."],
    greetings: ["Bonjour,", "Salut,", ""],
    signoffs: ["Merci, Camille", "Bonne journée", ""],
    contexts: ["Je commande souvent le midi au bureau.", "Je suis client depuis deux ans."],
    tried: ["J'ai redémarré le téléphone.", "Même chose sur le site."],
    impacts: ["C'est la troisième fois ce mois-ci."],
    replies: ["Pouvez-vous nous donner le numéro de commande ?"],
    followUps: ["Toujours pas réglé.", "Pareil aujourd'hui."],
  },
  de: {
    frames: ["{say}", "Schon wieder: {say}", "{say} Bitte kümmern Sie sich darum."],
    greetings: ["Hallo,", "Moin,", ""],
    signoffs: ["Danke, Lena", "Gruß", ""],
    contexts: ["Ich bestelle jeden Freitag fürs Büro.", "Ich bin seit zwei Jahren Kunde."],
    tried: ["Handy neu gestartet.", "Auf der Webseite dasselbe."],
    impacts: ["Das ist schon das dritte Mal diesen Monat."],
    replies: ["Können Sie uns die Bestellnummer geben?"],
    followUps: ["Immer noch nicht gelöst.", "Heute wieder."],
  },
  es: {
    frames: ["{say}", "Otra vez: {say}", "{say} Por favor, solucionadlo."],
    greetings: ["Hola,", "Buenas,", ""],
    signoffs: ["Gracias, Pablo", "Un saludo", ""],
    contexts: ["Pido la comida de la oficina cada viernes.", "Soy cliente desde hace dos años."],
    tried: ["Reinicié el móvil.", "En la web pasa lo mismo."],
    impacts: ["Es la tercera vez este mes."],
    replies: ["¿Nos pasa el número de pedido?"],
    followUps: ["Sigue sin resolverse.", "Hoy otra vez."],
  },
};

/** Threads that hold no problem. */
const NOISE: string[][] = [
  ["The pizza tonight was amazing, tell the restaurant!"],
  ["Merci, super service !"],
  ["Danke, hat alles geklappt."],
  ["¡Gracias, todo bien!"],
  ["hi", "Hello! What can we do for you?", "nothing, pressed by mistake"],
  ["Do you deliver to the airport?", "Yes, to the main terminal.", "Cool, thanks"],
  ["Are you hiring couriers?", "Yes, see our jobs page.", "thanks!"],
  ["Vous livrez à Lyon ?", "Oui, depuis mars.", "Parfait merci"],
  ["Gibt es vegane Restaurants?", "Ja, mit dem Filter Vegan.", "Super, danke"],
  ["¿Abrís en Navidad?", "Sí, con horario reducido.", "Vale, gracias"],
  ["ok"],
];

/** Builds the tuning food-desk corpus (deterministic). */
export function foodDeskCorpus(): Corpus {
  return buildTicketCorpus({
    name: "food-desk",
    seed: 3_141,
    perProblem: 30,
    problems: [...FOOD_PROBLEMS_1, ...FOOD_PROBLEMS_2],
    languages: LANGUAGES,
    mix: [0.4, 0.2, 0.2, 0.2],
    noise: NOISE,
    noiseCount: 50,
    typoRate: 0.4,
  });
}
