/**
 * Whether the server answers, as the API calls find it. `navigator.onLine` only says the device has a network: on a
 * network that goes nowhere (a captive portal, a dead uplink) it stays true, and a browser may not even know (a page
 * reloaded from the service worker's cache while offline can report true). So a call that fails for want of a
 * network marks the server unreachable until a call answers again, and while it is, a light probe asks every few
 * seconds, so the app notices the network coming back without waiting for the member to act.
 */
const PROBE_MS = 3_000;
/** Answered by the server process itself, never from the service worker's cache (only the app's files are). */
const PROBE_URL = '/healthz';

let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === unreachable) return;
  unreachable = next;
  if (!next && probe) {
    clearTimeout(probe);
    probe = undefined;
  }
  if (next) scheduleProbe();
  for (const listener of listeners) listener();
}

function scheduleProbe() {
  probe = setTimeout(async () => {
    probe = undefined;
    try {
      await fetch(PROBE_URL, { cache: 'no-store' });
      set(false);
    } catch {
      if (unreachable) scheduleProbe();
    }
  }, PROBE_MS);
}

/** Called by the API client: `true` when a call got an answer (any status), `false` when the network failed it. */
export function noteReachable(answered: boolean): void {
  set(!answered);
}

export function isUnreachable(): boolean {
  return unreachable;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
