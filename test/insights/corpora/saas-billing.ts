import { buildCorpus, type Corpus } from "./kit";

/**
 * Corpus "saas-billing": a subscription product's billing desk, in English, long messages with
 * context, about one conversation in six noise. Written for the generalisation test; shares no
 * phrasing with the original fixture.
 */
export function saasBillingCorpus(): Corpus {
  return buildCorpus({
    name: "saas-billing",
    seed: 7301,
    perProblem: 30,
    noiseCount: 56,
    typoRate: 0.2,
    problems: [
      {
        label: "card-declined",
        salient: ["card", "declined", "upgrade"],
        subjects: [
          "Card declined",
          "Upgrade payment refused",
          "Cannot upgrade",
          "Payment declined",
        ],
        lines: [
          "My credit card keeps getting declined when I try to upgrade to the Business plan.",
          "The upgrade fails at checkout with 'card declined' although the bank approved it.",
          "Checkout says your card was declined, the same Visa works everywhere else.",
          "We tried three different cards and every one is declined on the upgrade page.",
          "Upgrading our workspace is impossible, the payment form rejects the card each time.",
          "Card declined error on checkout when moving from Starter to Pro.",
        ],
        details: [
          "The bank says no charge attempt reached them.",
          "It is a corporate Amex card if that matters.",
          "We are based in Brazil and the card is issued there.",
        ],
      },
      {
        label: "double-charge",
        salient: ["charged", "twice", "duplicate"],
        subjects: ["Charged twice", "Duplicate charge", "Two payments this month"],
        lines: [
          "We were charged twice for the same month, two identical payments on the statement.",
          "I see a duplicate charge of $49 on my card for the March renewal.",
          "Our renewal billed us twice within a minute, please reverse the duplicate.",
          "The annual plan was charged two times, our finance team spotted the duplicate payment.",
          "Two charges for one subscription renewal showed up on the company card.",
        ],
        details: ["Both charges have the same reference.", "I only clicked pay once."],
      },
      {
        label: "vat-invoice",
        salient: ["vat", "invoice"],
        subjects: ["VAT number on invoice", "Invoice needs VAT ID", "Wrong invoice details"],
        lines: [
          "Our invoices don't show the VAT number we entered, the accountant refuses them.",
          "The VAT ID is missing from every invoice since we changed the billing address.",
          "I need our EU VAT number printed on the invoice, where do I add it?",
          "Invoice PDF lacks the company VAT registration, which we need for reverse charge.",
          "We added the VAT identifier in settings but new invoices still come without it.",
        ],
        details: ["We are a German GmbH.", "The old invoices need fixing too."],
      },
      {
        label: "seat-billing",
        salient: ["seats", "seat", "members"],
        subjects: ["Billed for extra seats", "Seat count wrong", "Paying for removed users"],
        lines: [
          "We are billed for 40 seats but only 25 members are in the workspace.",
          "I removed six users last week and the seat count on the bill did not go down.",
          "The seat total keeps counting deactivated members, so we overpay every month.",
          "Why does the invoice list more seats than people we actually have?",
          "Removed guests are still counted as paid seats on our subscription.",
        ],
        details: ["Some of them left the company months ago.", "The admin page shows 25 active."],
      },
      {
        label: "downgrade-blocked",
        salient: ["downgrade", "plan", "cancel"],
        subjects: ["Cannot downgrade", "Cancel subscription", "Downgrade button greyed out"],
        lines: [
          "The downgrade button is greyed out, I want to move back to the free plan.",
          "I can't find how to cancel our subscription, the plan page only offers upgrades.",
          "Trying to downgrade from Enterprise to Team gives an unexpected error.",
          "Downgrading the plan fails and support chat keeps looping me to sales.",
          "There is no way to cancel the paid plan from the admin console.",
        ],
        details: ["Our contract ended last month.", "I am the workspace owner."],
      },
      {
        label: "trial-locked",
        salient: ["trial", "locked"],
        subjects: ["Trial ended early", "Locked out after trial", "Trial expired?"],
        lines: [
          "Our 14 day trial ended after only five days and now the features are locked.",
          "The trial says expired although we signed up on Monday.",
          "Everything is locked behind a paywall, the free trial stopped before its end date.",
          "We lost access to premium features in the middle of the trial period.",
          "Trial counter shows zero days left, we started the trial this week.",
        ],
        details: ["Nobody on the team started a second trial.", "We want to evaluate properly."],
      },
      {
        label: "coupon-rejected",
        salient: ["coupon", "code", "discount"],
        subjects: ["Coupon not working", "Discount code invalid", "Promo code"],
        lines: [
          "The coupon code from your newsletter is rejected as invalid at checkout.",
          "Our nonprofit discount code does nothing, the full price is still shown.",
          "Promo code LAUNCH30 says expired but the email says it is valid until June.",
          "Applying the discount coupon resets the cart and no discount shows up.",
          "Entered the partner coupon twice, the checkout ignores it.",
        ],
      },
      {
        label: "currency",
        salient: ["currency", "euros", "dollars"],
        subjects: ["Pay in EUR", "Wrong currency", "Currency change"],
        lines: [
          "Prices are shown in dollars but we are in France and need to pay in euros.",
          "How can we switch the billing currency from USD to EUR?",
          "Our invoices are in the wrong currency, we asked for pounds sterling.",
          "The currency selector is missing, everything is billed in US dollars.",
          "Can the subscription be charged in euros instead of dollars? Our bank adds fees.",
        ],
      },
      {
        label: "receipt-recipient",
        salient: ["receipts", "receipt", "billing email"],
        subjects: ["Receipts to finance", "Billing email change", "Receipts go to old address"],
        lines: [
          "Receipts still go to our former admin who left, how do we change the billing email?",
          "Payment receipts are sent to my personal address instead of accounts@ our company.",
          "We need receipts delivered to the finance mailbox, the billing contact field won't save.",
          "Updating the billing email does not work, receipts keep going to the old one.",
          "No receipts have reached our finance inbox since we changed the billing contact.",
        ],
      },
    ],
    openers: ["Hi there,", "Hello,", "Good afternoon,", "Hey folks,", "", "", "Dear support,"],
    closers: ["", "", "Thanks a lot.", "Kind regards, Maria", "Appreciate the help!", "Cheers"],
    answers: [
      "Thanks for getting in touch, I am checking your account now.",
      "Could you send the last four digits and the date of the payment?",
      "I have escalated this to our billing team.",
    ],
    followUps: [
      "Any update? Still the same situation on our side.",
      "I checked again this morning and it has not changed.",
      "The problem persists, we need this sorted before month end.",
    ],
    noise: [
      [["user", "Just a note to say your onboarding emails are delightful."]],
      [
        ["user", "Happy new year to the whole crew!"],
        ["assistant", "Happy new year!"],
      ],
      [
        ["user", "Is the office closed on Friday?"],
        ["assistant", "Yes, it is a public holiday here."],
        ["user", "Great, cheers."],
      ],
      [
        ["user", "How do I see last year's invoices?"],
        ["assistant", "Settings > Billing > History."],
        ["user", "Found them, that did the trick!"],
      ],
      [
        ["user", "Where do I change my avatar?"],
        ["assistant", "Click your name, then Profile."],
        ["user", "Perfect, all sorted."],
      ],
      [
        ["user", "Can I pay yearly?"],
        ["assistant", "Yes, pick Annual on the plan page."],
        ["user", "Brilliant, done."],
      ],
      [
        ["user", "hello?"],
        ["assistant", "Hi! How can I help?"],
        ["user", "Never mind, I found it myself."],
      ],
      [["user", "No complaints at all, the switch to you was painless."]],
      [["user", "I can't believe how quick checkout was, great job."]],
      [
        ["user", "Thanks Tom, you were super helpful on the call."],
        ["assistant", "My pleasure!"],
      ],
      [["user", "Out of office: I am away until Monday with no access to email."]],
      [
        ["user", "Not a problem, we will wait for the next release."],
        ["assistant", "Thanks for your patience."],
      ],
      [
        ["user", "Do you have a referral program?"],
        ["assistant", "Yes, see the Refer page."],
        ["user", "Awesome, thank you!"],
      ],
      [["user", "test"]],
    ],
  });
}
