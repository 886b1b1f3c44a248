/** Calls of the mining area (issue 5). */
export {};
