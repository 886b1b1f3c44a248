/**
 * Answers a feature keeps in memory and hands to every caller until what they show changes (a read cache's value):
 * marked here, the HTTP layer writes each one's JSON once and reuses it (http/serialize.ts). A shared answer is seen by
 * concurrent calls already, so it is never changed once shared; a change makes a new answer.
 */
const shared = new WeakSet<object>();

export function shareAnswer<T extends object>(answer: T): T {
  shared.add(answer);
  return answer;
}

export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}
