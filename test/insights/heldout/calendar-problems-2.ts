import type { StoryProblem } from "./story-kit";

/**
 * HELD OUT (issue 33): the other five problems of the team-scheduling desk. Written before any
 * tuning.
 */
export const CALENDAR_PROBLEMS_2: StoryProblem[] = [
  {
    label: "invite-email",
    salient: ["invitation", "invite", "email", "invitations"],
    formSubjects: ["Email", "Invitations"],
    tellings: {
      en: {
        subjects: ["Invitations not received", "Guests get no email"],
        symptoms: [
          "People I invite to a meeting never receive the invitation email.",
          "Our external guests say the invite mail is not in their inbox, not even in spam.",
          "The invitation is sent according to the app but {clients|attendees} get nothing.",
          "invite emails not delivered to {gmail|outlook} addresses",
        ],
        context: ["Internal colleagues do get it."],
      },
      fr: {
        subjects: ["Invitations non reçues", "Mail d'invitation"],
        symptoms: [
          "Les personnes invitées ne reçoivent jamais le mail d'invitation.",
          "Nos invités externes n'ont pas l'e-mail d'invitation, même pas dans les spams.",
          "l'invitation part mais les participants ne recoivent rien",
        ],
      },
      de: {
        subjects: ["Einladungen kommen nicht an", "Einladungsmail"],
        symptoms: [
          "Eingeladene Teilnehmer bekommen die Einladungs-E-Mail nicht.",
          "Externe Gäste finden die Einladung weder im Posteingang noch im Spam.",
          "einladungen per mail kommen nicht an",
        ],
      },
      es: {
        subjects: ["No llegan las invitaciones", "Correo de invitación"],
        symptoms: [
          "Las personas que invito nunca reciben el correo de invitación.",
          "Los invitados externos no tienen el email de invitación, ni en spam.",
          "la invitacion se envia pero no llega a nadie",
        ],
      },
    },
  },
  {
    label: "double-booking",
    salient: ["booking", "double", "booked", "slot"],
    formSubjects: ["Booking page", "Scheduling"],
    tellings: {
      en: {
        subjects: ["Double bookings", "Same slot booked twice"],
        symptoms: [
          "Our booking page lets two customers book the same slot.",
          "I got double booked again, the {2pm|10am} slot was taken by two clients.",
          "The public booking link still offers times where I already have a meeting.",
          "booking page allows overlapping appointments",
        ],
      },
      fr: {
        subjects: ["Double réservation", "Créneau réservé deux fois"],
        symptoms: [
          "La page de réservation laisse deux clients réserver le même créneau.",
          "Encore une double réservation sur le créneau de {14h|10h}.",
          "le lien de reservation propose des horaires deja pris",
        ],
      },
      de: {
        subjects: ["Doppelbuchung", "Zeitfenster doppelt gebucht"],
        symptoms: [
          "Über die Buchungsseite können zwei Kunden denselben Termin buchen.",
          "Schon wieder eine Doppelbuchung um {14|10} Uhr.",
          "buchungslink zeigt zeiten an die schon belegt sind",
        ],
      },
      es: {
        subjects: ["Reservas dobles", "Mismo horario reservado dos veces"],
        symptoms: [
          "La página de reservas deja que dos clientes reserven la misma franja.",
          "Otra vez una reserva doble a las {14|10}.",
          "el enlace de reservas ofrece horas ya ocupadas",
        ],
      },
    },
  },
  {
    label: "mobile-crash",
    salient: ["crash", "crashes", "app", "android", "ios"],
    formSubjects: ["Mobile app", "Bug report"],
    tellings: {
      en: {
        subjects: ["App crashes", "App closes on start"],
        symptoms: [
          "The {Android|iOS} app crashes as soon as I open it.",
          "Since version {4.2|4.3} the app closes by itself on the splash screen.",
          "The mobile app freezes and quits when I tap on the week view.",
          "app keeps crashing on launch",
        ],
        context: ["I'm on a {Pixel 7|iPhone 13|Galaxy S22}."],
      },
      fr: {
        subjects: ["L'application plante", "Crash au démarrage"],
        symptoms: [
          "L'application {Android|iOS} plante dès l'ouverture.",
          "Depuis la version {4.2|4.3} l'appli se ferme toute seule au lancement.",
          "l'appli mobile crashe quand j'ouvre la vue semaine",
        ],
      },
      de: {
        subjects: ["App stürzt ab", "Absturz beim Start"],
        symptoms: [
          "Die {Android|iOS} App stürzt direkt beim Öffnen ab.",
          "Seit Version {4.2|4.3} schließt sich die App beim Start von selbst.",
          "app crasht in der wochenansicht",
        ],
      },
      es: {
        subjects: ["La app se cierra", "Fallo al abrir"],
        symptoms: [
          "La aplicación de {Android|iOS} se cierra nada más abrirla.",
          "Desde la versión {4.2|4.3} la app se bloquea al arrancar.",
          "la app movil se cuelga en la vista semanal",
        ],
      },
    },
  },
  {
    label: "charged-after-cancel",
    salient: ["charged", "refund", "cancel", "charge"],
    formSubjects: ["Billing", "Account"],
    tellings: {
      en: {
        subjects: ["Charged after cancelling", "Refund request"],
        symptoms: [
          "I cancelled during the trial but my card was charged {49|99} dollars anyway.",
          "We were billed for another month after we cancelled the subscription.",
          "There is a charge on my credit card although I ended the plan last week, I want a refund.",
          "charged after cancel, need refund",
        ],
      },
      fr: {
        subjects: ["Prélèvement après résiliation", "Remboursement"],
        symptoms: [
          "J'ai résilié pendant l'essai mais ma carte a été débitée de {49|99} euros.",
          "On nous a facturé un mois de plus après l'annulation de l'abonnement.",
          "debite apres annulation, je veux un remboursement",
        ],
      },
      de: {
        subjects: ["Abbuchung nach Kündigung", "Rückerstattung"],
        symptoms: [
          "Ich habe in der Testphase gekündigt, trotzdem wurden {49|99} Euro abgebucht.",
          "Nach der Kündigung des Abos wurde noch ein Monat berechnet.",
          "trotz kündigung belastet, bitte erstatten",
        ],
      },
      es: {
        subjects: ["Cobro tras cancelar", "Reembolso"],
        symptoms: [
          "Cancelé durante la prueba pero me cobraron {49|99} euros en la tarjeta.",
          "Nos cobraron otro mes después de cancelar la suscripción.",
          "me cobraron despues de cancelar, quiero el reembolso",
        ],
      },
    },
  },
  {
    label: "ics-export",
    salient: ["export", "ics", "ical", "csv"],
    formSubjects: ["Export", "Calendar"],
    tellings: {
      en: {
        subjects: ["Export empty", "ICS export broken"],
        symptoms: [
          "Exporting my calendar as an .ics file gives an empty file.",
          "The {ICS|CSV} export only contains the header, none of the events.",
          "Importing the exported iCal file into {Apple Calendar|Thunderbird} shows garbled characters.",
          "calendar export download is 0 bytes",
        ],
      },
      fr: {
        subjects: ["Export vide", "Export ICS"],
        symptoms: [
          "L'export du calendrier en fichier .ics est vide.",
          "L'export {ICS|CSV} ne contient que l'en-tête, aucun événement.",
          "export ical avec des caracteres illisibles",
        ],
      },
      de: {
        subjects: ["Export leer", "ICS Export"],
        symptoms: [
          "Der Kalender-Export als .ics Datei ist leer.",
          "Im {ICS|CSV} Export steht nur die Kopfzeile, keine Termine.",
          "ical export zeigt kaputte umlaute",
        ],
      },
      es: {
        subjects: ["Exportación vacía", "Exportar ICS"],
        symptoms: [
          "Al exportar el calendario en .ics el archivo sale vacío.",
          "La exportación {ICS|CSV} solo trae la cabecera, ningún evento.",
          "exportar ical da caracteres raros",
        ],
      },
    },
  },
];
