import type { Texts } from '../messages.ts';

/** Messages of the kyc area (issue 5), in the three languages; merged into MESSAGES. */
export const KYC_MESSAGES = {} satisfies Record<string, Texts>;
