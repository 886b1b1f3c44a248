import type { Texts } from '../messages.ts';

/** Messages of the mining area (issue 5), in the three languages; merged into MESSAGES. */
export const MINING_MESSAGES = {} satisfies Record<string, Texts>;
