/**
 * The browser's entry to the contract: everything here is free of zod (a test checks), so the first screen
 * does not download the schemas. Calls are references (name and method, typed by their definitions); forms
 * that validate with a call's schemas import the full definition from '@mp/contract' in their own chunk.
 */
export * from './constants.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './security-events.ts';
export * from './mining-economics.ts';
export * from './refs.ts';
export * from './routes.ts';
export * from './admin-roles.ts';
export * from './reserves/index.ts';
