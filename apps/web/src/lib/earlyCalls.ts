declare global {
  interface Window {
    /** Calls index.html's boot script made before the app ran (build/boot-script.ts), by call name. */
    mpEarly?: Record<string, Promise<Response>>;
  }
}

/**
 * The answer to `call` the boot script already asked for (the home page's sliders), once: the app takes it instead
 * of asking again, and reads it as its own answer (src/lib/api.ts), within the app's time limit (`signal` aborts it
 * as it would abort a fetch). Later calls, and a call it did not make, go to the network.
 */
export function takeEarly(call: string, signal: AbortSignal): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.mpEarly;
  const answer = early?.[call];
  if (!early || !answer) return undefined;
  delete early[call];
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  return Promise.race([answer, aborted]);
}
