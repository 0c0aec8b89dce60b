import type { TicketProblem } from "../ticket-kit";

/** HELD OUT (issue 33, family D): five more problems of the online-course platform's desk. */
export const COURSE_PROBLEMS_2: TicketProblem[] = [
  {
    label: "offline-downloads",
    salient: ["offline", "download", "downloads", "downloaded", "app"],
    says: {
      en: [
        "Lessons I downloaded in the app are not available offline on the plane.",
        "The download of a lesson in the mobile app is stuck at 0%.",
        "The app deleted all my offline downloads after the update.",
        "Offline mode says no downloaded content although I downloaded three modules.",
      ],
      fr: [
        "Les leçons téléchargées dans l'appli ne marchent pas hors ligne.",
        "Le téléchargement d'une leçon dans l'application reste à 0%.",
        "L'appli a supprimé tous mes téléchargements hors ligne.",
      ],
      de: [
        "Heruntergeladene Lektionen gehen in der App offline nicht.",
        "Der Download einer Lektion in der App bleibt bei 0% hängen.",
        "Die App hat nach dem Update alle Offline-Downloads gelöscht.",
      ],
      es: [
        "Las lecciones descargadas en la app no funcionan sin conexión.",
        "La descarga de una lección en la aplicación se queda en 0%.",
        "La app borró todas mis descargas offline.",
      ],
    },
    subjects: {
      en: ["Offline downloads missing", "download stuck in app", "Offline mode"],
      fr: ["Hors ligne impossible", "Téléchargement bloqué"],
      de: ["Offline geht nicht", "Download hängt"],
      es: ["Sin conexión no va", "Descarga atascada"],
    },
  },
  {
    label: "material-upload",
    salient: ["upload", "uploads", "material", "instructor", "files"],
    says: {
      en: [
        "As an instructor I can't upload my course material, the upload fails at 99%.",
        "Uploading slides to a lesson says file type not allowed even for PDF.",
        "My lecture recording upload keeps restarting from zero.",
        "Files I upload to the course resources section never show up for students.",
      ],
      fr: [
        "En tant que formateur je n'arrive pas à envoyer mes supports, l'upload échoue à 99%.",
        "L'envoi des diapositives dit type de fichier non autorisé.",
        "Les fichiers que je mets en ligne n'apparaissent pas pour les élèves.",
      ],
      de: [
        "Als Dozent kann ich mein Kursmaterial nicht hochladen, der Upload bricht bei 99% ab.",
        "Beim Hochladen der Folien heißt es Dateityp nicht erlaubt.",
        "Hochgeladene Dateien erscheinen bei den Teilnehmern nicht.",
      ],
      es: [
        "Como instructor no puedo subir el material del curso, la subida falla al 99%.",
        "Al subir las diapositivas dice tipo de archivo no permitido.",
        "Los archivos que subo no aparecen para los alumnos.",
      ],
    },
    subjects: {
      en: ["Upload fails", "Can't upload course material", "instructor upload"],
      fr: ["Échec de l'envoi", "Supports non envoyés"],
      de: ["Upload klappt nicht", "Material hochladen"],
      es: ["Falla la subida", "No puedo subir material"],
    },
  },
  {
    label: "forum-replies",
    salient: ["forum", "discussion", "reply", "replies", "thread"],
    says: {
      en: [
        "I don't get any email when someone replies to my forum post.",
        "My replies in the discussion forum disappear after posting.",
        "The course forum shows an error when I open a discussion thread.",
        "Students say they cannot post a reply in the discussion board.",
      ],
      fr: [
        "Je ne reçois aucun email quand quelqu'un répond à mon message du forum.",
        "Mes réponses sur le forum disparaissent après publication.",
        "Le forum du cours affiche une erreur à l'ouverture d'une discussion.",
      ],
      de: [
        "Ich bekomme keine E-Mail, wenn jemand auf meinen Forenbeitrag antwortet.",
        "Meine Antworten im Diskussionsforum verschwinden nach dem Posten.",
        "Das Kursforum zeigt einen Fehler beim Öffnen einer Diskussion.",
      ],
      es: [
        "No recibo ningún correo cuando alguien responde en el foro.",
        "Mis respuestas en el foro de discusión desaparecen.",
        "El foro del curso da error al abrir un hilo.",
      ],
    },
    subjects: {
      en: ["Forum replies", "Discussion board broken", "no forum notifications"],
      fr: ["Forum en panne", "Réponses du forum"],
      de: ["Forum kaputt", "Forum Antworten"],
      es: ["Foro roto", "Respuestas del foro"],
    },
  },
  {
    label: "subtitles",
    salient: ["subtitles", "captions", "subtitle", "caption"],
    says: {
      en: [
        "The subtitles are out of sync with the speaker by several seconds.",
        "Captions are missing on the new lessons, the CC button is greyed out.",
        "I selected Spanish subtitles but the captions stay in English.",
        "Closed captions show garbled characters instead of text.",
      ],
      fr: [
        "Les sous-titres sont décalés de plusieurs secondes.",
        "Il n'y a pas de sous-titres sur les nouvelles leçons.",
        "Je choisis les sous-titres en français mais ils restent en anglais.",
      ],
      de: [
        "Die Untertitel sind um mehrere Sekunden verschoben.",
        "Bei den neuen Lektionen fehlen die Untertitel.",
        "Ich wähle deutsche Untertitel, aber sie bleiben englisch.",
      ],
      es: [
        "Los subtítulos van desfasados varios segundos.",
        "Faltan los subtítulos en las lecciones nuevas.",
        "Elijo subtítulos en español pero siguen en inglés.",
      ],
    },
    subjects: {
      en: ["Subtitles out of sync", "missing captions", "Wrong subtitle language"],
      fr: ["Sous-titres décalés", "Sous-titres manquants"],
      de: ["Untertitel verschoben", "Untertitel fehlen"],
      es: ["Subtítulos desfasados", "Faltan subtítulos"],
    },
  },
  {
    label: "double-purchase",
    salient: ["charged", "twice", "refund", "purchase", "payment"],
    says: {
      en: [
        "I was charged twice for the same course purchase.",
        "My card shows two payments for one course and I want a refund for the second.",
        "I requested a refund two weeks ago and the money is still not back.",
        "The checkout failed but my bank was still charged for the course.",
      ],
      fr: [
        "J'ai été débité deux fois pour le même cours.",
        "J'ai demandé un remboursement il y a deux semaines et rien n'est revenu.",
        "Le paiement a échoué mais ma carte a quand même été débitée.",
      ],
      de: [
        "Mir wurde derselbe Kurs zweimal abgebucht.",
        "Ich habe vor zwei Wochen eine Erstattung beantragt und noch kein Geld zurück.",
        "Die Zahlung ist fehlgeschlagen, aber meine Karte wurde trotzdem belastet.",
      ],
      es: [
        "Me cobraron dos veces el mismo curso.",
        "Pedí un reembolso hace dos semanas y el dinero no ha vuelto.",
        "El pago falló pero me cobraron igual en la tarjeta.",
      ],
    },
    subjects: {
      en: ["Charged twice", "Refund not received", "double payment"],
      fr: ["Double débit", "Remboursement"],
      de: ["Doppelt abgebucht", "Erstattung fehlt"],
      es: ["Cobro doble", "Reembolso pendiente"],
    },
  },
];
