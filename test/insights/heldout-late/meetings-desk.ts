import type { Corpus } from "../corpora/kit";
import { buildThreadCorpus, type ThreadProblem } from "./thread-kit";

/**
 * Corpus "meetings-desk" — LATE HELD OUT (issue 33): a video-meetings app's desk, 8 problems ×
 * 25 + 50 noise, English, French, German and Spanish, generator family C (thread-kit.ts).
 * Written after the engine was frozen (so after its lexicon), measured once, never examined.
 */

const PROBLEMS: ThreadProblem[] = [
  {
    label: "microphone",
    salient: ["microphone", "mic", "hear", "audio"],
    says: {
      en: [
        "Nobody can hear me in meetings, the microphone is not detected.",
        "My mic shows no input level at all during calls.",
        "Headset microphone works everywhere except in your app, people say I'm muted.",
      ],
      fr: [
        "Personne ne m'entend pendant les réunions, le micro n'est pas détecté.",
        "Mon microphone ne capte rien pendant les appels.",
      ],
      de: [
        "Niemand hört mich im Meeting, das Mikrofon wird nicht erkannt.",
        "Mein Mikro zeigt während der Anrufe keinen Pegel.",
      ],
      es: [
        "Nadie me oye en las reuniones, no detecta el micrófono.",
        "Mi micro no capta nada durante las llamadas.",
      ],
    },
  },
  {
    label: "screen-share-black",
    salient: ["screen", "share", "sharing", "black"],
    says: {
      en: [
        "When I share my screen the others only see a black window.",
        "Screen sharing shows a black picture on macOS.",
        "Sharing a single window works but full screen share is black for everyone.",
      ],
      fr: [
        "Quand je partage mon écran les autres voient un écran noir.",
        "Le partage d'écran affiche du noir sur Mac.",
      ],
      de: [
        "Beim Bildschirm teilen sehen die anderen nur schwarz.",
        "Die Bildschirmfreigabe zeigt ein schwarzes Bild.",
      ],
      es: [
        "Al compartir pantalla los demás solo ven negro.",
        "La pantalla compartida sale en negro en el Mac.",
      ],
    },
  },
  {
    label: "recording-missing",
    salient: ["recording", "recordings", "record"],
    says: {
      en: [
        "The cloud recording of yesterday's meeting is nowhere to be found.",
        "Recordings don't show up in the library after the call ends.",
        "We recorded a two hour webinar and the recording file is missing.",
      ],
      fr: [
        "L'enregistrement de la réunion d'hier a disparu.",
        "Les enregistrements n'apparaissent pas dans la bibliothèque.",
      ],
      de: [
        "Die Aufzeichnung des gestrigen Meetings ist verschwunden.",
        "Aufnahmen erscheinen nach dem Anruf nicht in der Bibliothek.",
      ],
      es: [
        "La grabación de la reunión de ayer no aparece.",
        "Las grabaciones no salen en la biblioteca después de la llamada.",
      ],
    },
  },
  {
    label: "echo",
    salient: ["echo", "feedback", "sound"],
    says: {
      en: [
        "There is a terrible echo on every call, I hear myself twice.",
        "Participants complain about echo and feedback noise when I talk.",
      ],
      fr: ["Il y a un écho horrible pendant les appels, je m'entends en double."],
      de: ["Bei jedem Anruf gibt es ein starkes Echo, ich höre mich selbst."],
      es: ["Hay un eco horrible en las llamadas, me escucho a mí mismo."],
    },
  },
  {
    label: "link-expired",
    salient: ["link", "expired", "invalid", "join"],
    says: {
      en: [
        "Guests clicking the meeting link get 'this link has expired'.",
        "The join link says invalid meeting ID although the meeting is tomorrow.",
      ],
      fr: ["Les invités qui cliquent sur le lien de la réunion voient « lien expiré »."],
      de: ["Gäste bekommen beim Klick auf den Meeting-Link die Meldung 'Link abgelaufen'."],
      es: ["Los invitados que abren el enlace de la reunión ven 'enlace caducado'."],
    },
  },
  {
    label: "virtual-background",
    salient: ["background", "virtual", "blur"],
    says: {
      en: [
        "The virtual background option is greyed out on my laptop.",
        "Background blur cuts off my head and hands, edges look awful.",
      ],
      fr: ["L'option d'arrière-plan virtuel est grisée sur mon portable."],
      de: ["Der virtuelle Hintergrund ist auf meinem Laptop ausgegraut."],
      es: ["La opción de fondo virtual aparece desactivada en mi portátil."],
    },
  },
  {
    label: "captions",
    salient: ["captions", "subtitles", "transcription"],
    says: {
      en: [
        "Live captions appear in English although everyone speaks German.",
        "Subtitles never show up during the meeting even when turned on.",
      ],
      fr: ["Les sous-titres en direct s'affichent en anglais alors qu'on parle français."],
      de: ["Die Live-Untertitel erscheinen auf Englisch, obwohl wir Deutsch sprechen."],
      es: ["Los subtítulos en directo salen en inglés aunque hablamos español."],
    },
  },
  {
    label: "host-license",
    salient: ["license", "licence", "host"],
    says: {
      en: [
        "I bought a pro license but I still can't host meetings longer than 40 minutes.",
        "The license we assigned to our new colleague doesn't let her host.",
      ],
      fr: ["J'ai acheté une licence pro mais je ne peux toujours pas animer plus de 40 minutes."],
      de: ["Ich habe eine Pro-Lizenz gekauft, kann aber nur 40 Minuten lang hosten."],
      es: ["Compré una licencia pro pero sigo sin poder organizar reuniones de más de 40 minutos."],
    },
  },
];

/** The late held-out corpus (250 conversations). */
export function meetingsDeskCorpus(): Corpus {
  return buildThreadCorpus({
    name: "meetings-desk",
    seed: 9_001_337,
    perProblem: 25,
    problems: PROBLEMS,
    furniture: {
      en: {
        devices: ["Windows 11, app version 6.1", "MacBook Air M2", "Chrome on Linux"],
        signatures: ["Kind regards,\nSam Ortiz\nOffice manager", "--\nLena | IT desk"],
        quoted: ["On Monday you wrote: we will get back to you soon."],
        nudges: ["Any news on this?", "Still waiting, please have a look."],
      },
      fr: {
        devices: ["Windows 10, version 6.0", "MacBook Pro"],
        signatures: ["Bien à vous,\nAnne Girard", "--\nService informatique"],
        quoted: ["Le lundi, vous avez écrit : nous revenons vers vous."],
        nudges: ["Des nouvelles ?", "Toujours en attente."],
      },
      de: {
        devices: ["Windows 11, Version 6.1", "MacBook Air"],
        signatures: ["Mit freundlichen Grüßen\nKarl Weber", "--\nIT-Abteilung"],
        quoted: ["Am Montag schrieben Sie: wir melden uns bald."],
        nudges: ["Gibt es Neuigkeiten?", "Ich warte noch auf eine Antwort."],
      },
      es: {
        devices: ["Windows 11, versión 6.1", "MacBook Air"],
        signatures: ["Un saludo,\nLucía Romero", "--\nSoporte interno"],
        quoted: ["El lunes escribieron: le responderemos pronto."],
        nudges: ["¿Alguna novedad?", "Sigo esperando respuesta."],
      },
    },
    noise: [
      ["Thanks, the meeting went perfectly today!"],
      ["Merci beaucoup pour votre aide rapide."],
      ["Vielen Dank, alles funktioniert wieder."],
      ["¡Gracias, todo perfecto!"],
      ["How do I change my display name?", "Profile, then Name.", "Done, thanks."],
      ["Automatic reply: I am out of the office until Monday."],
      ["Never mind, found it in the settings."],
      ["Is there a student discount?", "Yes, 50 %.", "Great, cheers!"],
    ],
    noiseCount: 50,
  });
}
