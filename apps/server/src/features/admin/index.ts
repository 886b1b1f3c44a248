/** The admin area's public face: what other parts of the server may use. Everything else here is private to it. */

/** Two-person approval: amounts above the threshold need a second admin (withdrawals, adjustments). */
export {
  checkSecondApprover,
  needsSecondApprover,
  TWO_PERSON_SETTING,
  twoPersonThreshold,
} from './two-person.ts';
