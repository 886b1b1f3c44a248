/** Calls of the kyc area (issue 5). */
export {};
