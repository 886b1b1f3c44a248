import { useState } from 'react';

/** The first and last hex digits of a hash or an address: enough to compare by eye, short enough for a phone. */
export function shortHash(value: string): string {
  return value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
}

/** A hash shown short, the full value in its title and on a tap (another tap shortens it again). */
export function Hash({ value, testId }: { value: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      className="reserves-hash"
      title={value}
      data-value={value}
      data-testid={testId}
      aria-expanded={open}
      onClick={() => setOpen((o) => !o)}
    >
      {open ? value : shortHash(value)}
    </button>
  );
}
