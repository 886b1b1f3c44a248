/** Message keys of the notes on the withdraw screen (messages.ts), filled with the current rules. */
export const WITHDRAW_NOTES = [
  'withdraw_note_min',
  'withdraw_note_fee',
  'withdraw_note_review',
  'withdraw_note_address',
] as const;
