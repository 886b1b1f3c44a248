import * as m0001 from './0001_foundation.ts';

/** Applied in order; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: { id: string; up: string }[] = [{ id: '0001_foundation', up: m0001.up }];
