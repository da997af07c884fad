/**
 * The one "in scadenza" window of the deadlines: a deadline (an equipment's, a refresher's, a
 * required course's) is expiring when it falls within this many days from today. The worklist's
 * `onlyExpiring` filter, the training record and the safety-role compliance read it from here.
 */
export const EXPIRING_WITHIN_DAYS = 30;
