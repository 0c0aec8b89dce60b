import { devApiCorpus } from "./corpora/dev-api";
import { iotHardwareCorpus } from "./corpora/iot-hardware";
import { overlapCorpus } from "./corpora/overlap";
import { saasBillingCorpus } from "./corpora/saas-billing";
import { evaluateCorpus, type CorpusFigures } from "./evaluate";
import { calendarDeskCorpus } from "./heldout/calendar-desk";
import { meetingsDeskCorpus } from "./heldout-late/meetings-desk";
import { shopDeskCorpus } from "./paraphrase/shop-desk";
import { courseDeskCorpus } from "./heldout-tickets/course-desk";
import { foodDeskCorpus } from "./training-tickets/food-desk";
import { parkingDeskCorpus } from "./heldout-chat/parking-desk";

/** One corpus's role in the measurement and its figures. */
export interface QualityRow {
  role: "tuning" | "held out" | "earlier held out" | "late held out";
  figures: CorpusFigures;
}

/**
 * Every labelled corpus's figures, for `npm run bench:conversations` (issue 33): the corpora
 * tuned on, the earlier held-out corpus (issue 26), the held-out corpus of issue 33 and the
 * late held-out corpus written after the engine was frozen, and the held-out ticket corpus
 * course-desk (family D, written before the step that measured it) and parking-desk (family E,
 * written before the term associations were measured on it), last.
 */
export function qualityReport(): QualityRow[] {
  return [
    { role: "tuning", figures: evaluateCorpus(shopDeskCorpus()) },
    { role: "tuning", figures: evaluateCorpus(foodDeskCorpus()) },
    { role: "tuning", figures: evaluateCorpus(saasBillingCorpus()) },
    { role: "tuning", figures: evaluateCorpus(devApiCorpus()) },
    { role: "tuning", figures: evaluateCorpus(overlapCorpus()) },
    { role: "earlier held out", figures: evaluateCorpus(iotHardwareCorpus()) },
    { role: "held out", figures: evaluateCorpus(calendarDeskCorpus()) },
    { role: "late held out", figures: evaluateCorpus(meetingsDeskCorpus()) },
    { role: "held out", figures: evaluateCorpus(courseDeskCorpus()) },
    { role: "held out", figures: evaluateCorpus(parkingDeskCorpus()) },
  ];
}
