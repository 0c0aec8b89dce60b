import type { TicketProblem } from "../ticket-kit";

/** TUNING (issue 33, family D): five problems of a food-delivery app's desk. */
export const FOOD_PROBLEMS_1: TicketProblem[] = [
  {
    label: "late-delivery",
    salient: ["delivery", "late", "courier", "order"],
    says: {
      en: [
        "My delivery is over an hour late and the courier is not moving on the map.",
        "The order says delivered but nothing arrived at my door.",
        "The estimated delivery time keeps jumping from 20 to 50 minutes.",
        "Our food arrived cold, almost two hours after ordering.",
      ],
      fr: [
        "Ma livraison a plus d'une heure de retard et le livreur ne bouge pas.",
        "La commande est marquée livrée mais je n'ai rien reçu.",
        "L'heure de livraison estimée change sans arrêt.",
      ],
      de: [
        "Meine Lieferung ist über eine Stunde zu spät, der Fahrer bewegt sich nicht.",
        "Die Bestellung steht auf geliefert, aber nichts ist angekommen.",
        "Die geschätzte Lieferzeit springt ständig.",
      ],
      es: [
        "Mi pedido lleva más de una hora de retraso y el repartidor no se mueve.",
        "El pedido dice entregado pero no llegó nada.",
        "El tiempo estimado de entrega cambia todo el rato.",
      ],
    },
    subjects: {
      en: ["Late delivery", "order never arrived", "Where is my food"],
      fr: ["Livraison en retard", "Commande pas reçue"],
      de: ["Lieferung zu spät", "Bestellung nicht angekommen"],
      es: ["Pedido con retraso", "No llegó el pedido"],
    },
  },
  {
    label: "missing-items",
    salient: ["missing", "items", "item", "bag"],
    says: {
      en: [
        "Two items were missing from my bag, the drinks and the dessert.",
        "Half of the order was missing when the bag arrived.",
        "I received someone else's meal instead of mine.",
        "The side dishes I paid for were not in the bag.",
      ],
      fr: [
        "Il manquait deux articles dans le sac, les boissons et le dessert.",
        "J'ai reçu le repas de quelqu'un d'autre.",
        "Les accompagnements payés n'étaient pas dans le sac.",
      ],
      de: [
        "Zwei Artikel fehlten in der Tüte, die Getränke und der Nachtisch.",
        "Ich habe das Essen von jemand anderem bekommen.",
        "Die bezahlten Beilagen waren nicht dabei.",
      ],
      es: [
        "Faltaban dos productos en la bolsa, las bebidas y el postre.",
        "Recibí la comida de otra persona.",
        "Los acompañamientos que pagué no venían en la bolsa.",
      ],
    },
    subjects: {
      en: ["Missing items", "Wrong meal", "items not in bag"],
      fr: ["Articles manquants", "Mauvais repas"],
      de: ["Artikel fehlen", "Falsches Essen"],
      es: ["Faltan productos", "Comida equivocada"],
    },
  },
  {
    label: "promo-code",
    salient: ["promo", "code", "discount", "voucher"],
    says: {
      en: [
        "The promo code from your newsletter says not valid for this order.",
        "My discount code was accepted but the total did not change.",
        "The free delivery voucher disappeared from my account.",
        "Applying the welcome code gives an error at checkout.",
      ],
      fr: [
        "Le code promo de la newsletter est refusé.",
        "Le code de réduction est accepté mais le total ne change pas.",
        "Mon bon de livraison gratuite a disparu.",
      ],
      de: [
        "Der Gutscheincode aus dem Newsletter wird nicht akzeptiert.",
        "Der Rabattcode wurde angenommen, aber der Betrag bleibt gleich.",
        "Mein Gutschein für kostenlose Lieferung ist verschwunden.",
      ],
      es: [
        "El código promocional del boletín dice no válido.",
        "El código de descuento se acepta pero el total no cambia.",
        "Mi cupón de envío gratis desapareció.",
      ],
    },
    subjects: {
      en: ["Promo code not working", "discount not applied", "Voucher gone"],
      fr: ["Code promo refusé", "Réduction non appliquée"],
      de: ["Gutscheincode geht nicht", "Rabatt fehlt"],
      es: ["Código promocional no funciona", "Descuento no aplicado"],
    },
  },
  {
    label: "address-pin",
    salient: ["address", "pin", "location", "map"],
    says: {
      en: [
        "The app puts my address pin two streets away so couriers never find me.",
        "I can't save my new address, it jumps back to the old one.",
        "The location on the map is wrong every time I order.",
        "Couriers keep calling because the delivery address shows the wrong building.",
      ],
      fr: [
        "L'appli place mon adresse deux rues plus loin.",
        "Impossible d'enregistrer ma nouvelle adresse.",
        "La position sur la carte est fausse à chaque commande.",
      ],
      de: [
        "Die App setzt meine Adresse zwei Straßen weiter.",
        "Ich kann meine neue Adresse nicht speichern.",
        "Der Standort auf der Karte ist bei jeder Bestellung falsch.",
      ],
      es: [
        "La app pone mi dirección dos calles más allá.",
        "No puedo guardar mi nueva dirección.",
        "La ubicación en el mapa sale mal cada vez.",
      ],
    },
    subjects: {
      en: ["Wrong address", "Map location wrong", "can't save address"],
      fr: ["Adresse fausse", "Position sur la carte"],
      de: ["Adresse falsch", "Standort falsch"],
      es: ["Dirección incorrecta", "Ubicación errónea"],
    },
  },
  {
    label: "checkout-crash",
    salient: ["checkout", "crash", "crashes", "pay", "app"],
    says: {
      en: [
        "The app crashes every time I tap pay at checkout.",
        "Checkout spins forever and then closes the app.",
        "After the last update the app closes as soon as I open the basket.",
        "I can't place any order, the pay button freezes the screen.",
      ],
      fr: [
        "L'appli plante dès que j'appuie sur payer.",
        "Le paiement tourne sans fin puis l'appli se ferme.",
        "Depuis la mise à jour l'appli se ferme à l'ouverture du panier.",
      ],
      de: [
        "Die App stürzt jedes Mal ab, wenn ich auf Bezahlen tippe.",
        "Der Checkout lädt endlos und dann schließt sich die App.",
        "Seit dem Update schließt sich die App beim Öffnen des Warenkorbs.",
      ],
      es: [
        "La app se cierra cada vez que pulso pagar.",
        "El pago se queda cargando y luego la app se cierra.",
        "Desde la actualización la app se cierra al abrir la cesta.",
      ],
    },
    subjects: {
      en: ["App crashes at checkout", "can't pay", "Crash"],
      fr: ["Plantage au paiement", "Appli qui plante"],
      de: ["Absturz beim Bezahlen", "App stürzt ab"],
      es: ["La app se cierra al pagar", "Fallo al pagar"],
    },
  },
];
