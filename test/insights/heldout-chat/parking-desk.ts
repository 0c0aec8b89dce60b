import type { Corpus } from "../corpora/kit";
import { buildChatCorpus, type ChatLang, type ChatLanguage } from "./chat-kit";
import { PARKING_PROBLEMS_1 } from "./parking-problems-1";
import { PARKING_PROBLEMS_2 } from "./parking-problems-2";

/**
 * Corpus "parking-desk" — HELD OUT (issue 33, family E, chat threads): a city parking app's live
 * chat, 10 problems × 30 chats + 40 noise = 340, English 35 %, French 20 %, German 20 %, Spanish
 * 15 %, Italian 10 %. Written and committed before any figure of it was read, after the engine's
 * term associations were chosen on the tuning corpora; measured a bounded number of times
 * (docs/insights.md says how many) and never examined item by item.
 */

const LANGUAGES: Record<ChatLang, ChatLanguage> = {
  en: {
    openers: ["hi there,", "hello?", "", "good evening,", "quick one:"],
    closers: ["thx", "cheers, Sam", "", "sent from my phone"],
    places: ["in the app", "at the kerb", "on the station screen", "", "on android"],
    questions: ["why does this happen: {s}?", "is it just me? {s}", "any idea? {s}"],
    contexts: ["I park near the hospital every day.", "I'm using the app on an iPhone."],
    asks: ["Sure, what exactly happens?", "Happy to help, what do you see?"],
    consequences: ["I'll be late for work.", "This costs me money every week.", ""],
    answers: ["We're looking into it.", "Can you update the app and retry?"],
    persists: ["updated, no change", "still the same this morning"],
  },
  fr: {
    openers: ["bonsoir,", "allô ?", "", "bonjour à vous,"],
    closers: ["merci d'avance", "Julie", ""],
    places: ["dans l'appli", "devant l'horodateur", "", "sur mon iPhone"],
    questions: ["pourquoi : {s} ?", "c'est normal ? {s}"],
    contexts: ["Je me gare près de la gare chaque matin.", "J'utilise l'appli sur Android."],
    asks: ["Bien sûr, que se passe-t-il ?", "Que voyez-vous exactement ?"],
    consequences: ["Je vais être en retard.", "Ça me coûte cher.", ""],
    answers: ["Nous regardons.", "Pouvez-vous mettre à jour l'appli ?"],
    persists: ["mis à jour, pareil", "toujours pareil ce matin"],
  },
  de: {
    openers: ["servus,", "hallo zusammen,", "", "guten Abend,"],
    closers: ["vg", "Jonas", ""],
    places: ["in der App", "am Automaten", "", "auf dem iPhone"],
    questions: ["warum: {s}?", "ist das normal? {s}"],
    contexts: ["Ich parke jeden Tag am Bahnhof.", "Ich nutze die App auf Android."],
    asks: ["Gern, was passiert genau?", "Was sehen Sie auf dem Bildschirm?"],
    consequences: ["Ich komme zu spät zur Arbeit.", "Das kostet mich jede Woche Geld.", ""],
    answers: ["Wir prüfen das.", "Bitte aktualisieren Sie die App."],
    persists: ["aktualisiert, keine Änderung", "heute früh genauso"],
  },
  es: {
    openers: ["buenas,", "hola!", "", "buenas noches,"],
    closers: ["gracias", "Lucía", ""],
    places: ["en la app", "en el parquímetro", "", "en Android"],
    questions: ["¿por qué pasa esto? {s}", "¿es normal? {s}"],
    contexts: ["Aparco cerca del hospital cada día.", "Uso la app en un iPhone."],
    asks: ["Claro, ¿qué pasa exactamente?", "¿Qué ve en la pantalla?"],
    consequences: ["Llego tarde al trabajo.", "Me cuesta dinero cada semana.", ""],
    answers: ["Lo estamos revisando.", "¿Puede actualizar la app?"],
    persists: ["actualizada, igual", "esta mañana lo mismo"],
  },
  it: {
    openers: ["ciao,", "buonasera,", "", "salve,"],
    closers: ["grazie mille", "Marco", ""],
    places: ["nell'app", "al parchimetro", "", "su Android"],
    questions: ["perché succede? {s}", "è normale? {s}"],
    contexts: ["Parcheggio vicino alla stazione ogni giorno.", "Uso l'app su iPhone."],
    asks: ["Certo, cosa succede esattamente?", "Cosa vede sullo schermo?"],
    consequences: ["Arrivo tardi al lavoro.", "Mi costa soldi ogni settimana.", ""],
    answers: ["Stiamo controllando.", "Può aggiornare l'app?"],
    persists: ["aggiornata, uguale", "stamattina lo stesso"],
  },
};

/** Threads that hold no problem: thanks, praise, questions answered, pressed by mistake. */
const NOISE: string[][] = [
  ["Great app, parking got so much easier!"],
  ["Merci beaucoup, tout fonctionne."],
  ["Danke, alles bestens."],
  ["¡Mil gracias, perfecto!"],
  ["Grazie, tutto a posto!"],
  ["hello", "Hi! How can we help?", "sorry, wrong button"],
  ["Do you cover Rotterdam?", "Yes, since spring.", "great, thanks"],
  ["Vous êtes disponibles à Nantes ?", "Oui, depuis mai.", "Super merci"],
  ["Gibt es die App auch für Tablets?", "Ja, im App Store.", "Prima, danke"],
  ["¿Funciona en Sevilla?", "Sí, en todo el centro.", "Genial, gracias"],
];

/** Builds the held-out parking-desk corpus (deterministic). */
export function parkingDeskCorpus(): Corpus {
  return buildChatCorpus({
    name: "parking-desk",
    seed: 733_211,
    perProblem: 30,
    problems: [...PARKING_PROBLEMS_1, ...PARKING_PROBLEMS_2],
    languages: LANGUAGES,
    mix: [0.35, 0.2, 0.2, 0.15, 0.1],
    noise: NOISE,
    noiseCount: 40,
    typoRate: 0.35,
  });
}
