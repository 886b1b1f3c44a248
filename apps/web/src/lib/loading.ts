/** Counts requests in flight so one global indicator can show while any is pending. */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = 0;

export function pendingRequests(): number {
  return pending;
}

export function beginLoading(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function subscribeLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const listener of listeners) listener();
}
