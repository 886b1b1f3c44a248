/** Time comes from here, so tests and jobs can set it. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export function manualClock(
  start = new Date(),
): Clock & { advance: (ms: number) => void; set: (d: Date) => void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}

/** A stored time as the API sends it: ISO 8601, or '' when there is none. */
export const isoOrEmpty = (d: Date | string | null | undefined): string =>
  d ? new Date(d).toISOString() : '';
