import type { Clock } from '../lib/clock.ts';
import { fieldRefusal } from '../lib/errors.ts';

/** Business dates are UTC calendar dates, 'YYYY-MM-DD'. */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function todayOf(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}

/** A real calendar date in the form YYYY-MM-DD (2026-02-30 is not). */
export function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The later of two dates (the text form sorts as the dates do). */
export function laterDate(a: string, b: string): string {
  return a > b ? a : b;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day as the start of that day (UTC), or a refusal naming the field. */
export function parseDay(text: string | undefined, field: string): Date | undefined {
  if (!text) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  if (!DAY_RE.test(text) || Number.isNaN(d.getTime())) throw fieldRefusal(422, field, 'field_invalid');
  return d;
}
