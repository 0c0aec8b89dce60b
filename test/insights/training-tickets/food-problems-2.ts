import type { TicketProblem } from "../ticket-kit";

/** TUNING (issue 33, family D): five more problems of the food-delivery app's desk. */
export const FOOD_PROBLEMS_2: TicketProblem[] = [
  {
    label: "sms-login",
    salient: ["sms", "login", "verification", "phone"],
    says: {
      en: [
        "I never receive the SMS verification code to log in.",
        "The login code arrives after it has already expired.",
        "I changed my phone number and now I can't log in at all.",
        "Entering the six-digit code says incorrect code every time.",
      ],
      fr: [
        "Je ne reçois jamais le code SMS pour me connecter.",
        "Le code de connexion arrive déjà expiré.",
        "J'ai changé de numéro de téléphone et je ne peux plus me connecter.",
      ],
      de: [
        "Ich bekomme den SMS-Code für die Anmeldung nie.",
        "Der Anmeldecode kommt erst, wenn er schon abgelaufen ist.",
        "Nach dem Wechsel der Telefonnummer kann ich mich nicht mehr anmelden.",
      ],
      es: [
        "Nunca me llega el código SMS para iniciar sesión.",
        "El código de acceso llega ya caducado.",
        "Cambié de número de teléfono y ya no puedo entrar.",
      ],
    },
    subjects: {
      en: ["No SMS code", "Can't log in", "verification code"],
      fr: ["Pas de code SMS", "Connexion impossible"],
      de: ["Kein SMS-Code", "Anmeldung geht nicht"],
      es: ["No llega el SMS", "No puedo entrar"],
    },
  },
  {
    label: "cancel-refund",
    salient: ["refund", "cancelled", "cancel", "money"],
    says: {
      en: [
        "The restaurant cancelled my order but I never got a refund.",
        "I cancelled within a minute and was still charged the full price.",
        "The refund was promised five days ago and my card shows nothing.",
        "You refunded only the food, not the delivery fee, after the cancellation.",
      ],
      fr: [
        "Le restaurant a annulé ma commande mais je n'ai jamais été remboursé.",
        "J'ai annulé tout de suite et j'ai quand même été débité.",
        "Le remboursement promis il y a cinq jours n'est pas arrivé.",
      ],
      de: [
        "Das Restaurant hat storniert, aber ich habe keine Erstattung bekommen.",
        "Ich habe sofort storniert und trotzdem den vollen Preis bezahlt.",
        "Die versprochene Rückerstattung ist nach fünf Tagen nicht da.",
      ],
      es: [
        "El restaurante canceló mi pedido y no me devolvieron el dinero.",
        "Cancelé al minuto y aun así me cobraron todo.",
        "El reembolso prometido hace cinco días no ha llegado.",
      ],
    },
    subjects: {
      en: ["Refund missing", "Cancelled order charged", "refund"],
      fr: ["Pas de remboursement", "Commande annulée"],
      de: ["Erstattung fehlt", "Storno"],
      es: ["Reembolso", "Pedido cancelado"],
    },
  },
  {
    label: "menu-prices",
    salient: ["menu", "price", "prices", "restaurant"],
    says: {
      en: [
        "The prices in the app are higher than the restaurant's own menu.",
        "A dish shows one price on the menu and another in the basket.",
        "The restaurant menu still lists dishes that are always sold out.",
        "Menu prices changed between adding to basket and paying.",
      ],
      fr: [
        "Les prix dans l'appli sont plus chers que la carte du restaurant.",
        "Un plat a un prix sur le menu et un autre dans le panier.",
        "Le menu affiche des plats toujours épuisés.",
      ],
      de: [
        "Die Preise in der App sind höher als auf der Speisekarte des Restaurants.",
        "Ein Gericht hat im Menü einen anderen Preis als im Warenkorb.",
        "Die Speisekarte zeigt Gerichte, die immer ausverkauft sind.",
      ],
      es: [
        "Los precios en la app son más altos que la carta del restaurante.",
        "Un plato tiene un precio en el menú y otro en la cesta.",
        "El menú muestra platos que siempre están agotados.",
      ],
    },
    subjects: {
      en: ["Wrong prices", "Menu price differs", "menu out of date"],
      fr: ["Prix différents", "Menu pas à jour"],
      de: ["Preise falsch", "Speisekarte veraltet"],
      es: ["Precios distintos", "Menú desactualizado"],
    },
  },
  {
    label: "tracking-notifications",
    salient: ["notifications", "notification", "push", "tracking"],
    says: {
      en: [
        "I get no push notifications about my order status anymore.",
        "Tracking notifications arrive all at once after the food is here.",
        "I turned notifications off but the app still sends promo pushes at night.",
        "The order tracking notification says preparing for an hour.",
      ],
      fr: [
        "Je ne reçois plus aucune notification sur le suivi de commande.",
        "Les notifications arrivent toutes en même temps après la livraison.",
        "J'ai désactivé les notifications mais l'appli en envoie la nuit.",
      ],
      de: [
        "Ich bekomme keine Push-Benachrichtigungen mehr zum Bestellstatus.",
        "Die Benachrichtigungen kommen alle auf einmal, wenn das Essen schon da ist.",
        "Benachrichtigungen sind aus, trotzdem kommen nachts Werbe-Pushs.",
      ],
      es: [
        "Ya no recibo notificaciones del estado del pedido.",
        "Las notificaciones llegan todas juntas cuando la comida ya está aquí.",
        "Desactivé las notificaciones pero la app sigue enviando de noche.",
      ],
    },
    subjects: {
      en: ["No notifications", "Push notifications", "tracking alerts late"],
      fr: ["Notifications absentes", "Trop de notifications"],
      de: ["Keine Benachrichtigungen", "Push-Nachrichten"],
      es: ["Sin notificaciones", "Notificaciones tarde"],
    },
  },
  {
    label: "tip-courier",
    salient: ["tip", "tips", "courier", "rating"],
    says: {
      en: [
        "I added a tip for the courier but it was charged twice.",
        "The tip I gave never reached the courier, he told me so.",
        "I can't change the tip amount after the delivery.",
        "Rating the courier fails and the tip screen stays empty.",
      ],
      fr: [
        "J'ai ajouté un pourboire pour le livreur mais il a été débité deux fois.",
        "Le pourboire n'est jamais arrivé au livreur.",
        "Impossible de modifier le pourboire après la livraison.",
      ],
      de: [
        "Das Trinkgeld für den Fahrer wurde doppelt abgebucht.",
        "Mein Trinkgeld ist nie beim Fahrer angekommen.",
        "Ich kann das Trinkgeld nach der Lieferung nicht ändern.",
      ],
      es: [
        "Añadí propina para el repartidor y me la cobraron dos veces.",
        "La propina nunca le llegó al repartidor.",
        "No puedo cambiar la propina después de la entrega.",
      ],
    },
    subjects: {
      en: ["Tip charged twice", "Tip not received", "courier tip"],
      fr: ["Pourboire", "Pourboire en double"],
      de: ["Trinkgeld", "Trinkgeld doppelt"],
      es: ["Propina", "Propina duplicada"],
    },
  },
];
