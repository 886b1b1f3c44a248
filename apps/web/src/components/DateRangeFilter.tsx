/**
 * A from/to pair of dates for a list's filters (`YYYY-MM-DD`, '' for none). The inputs' ids are `<idPrefix>-from` and
 * `<idPrefix>-to` (also their test ids).
 */
export function DateRangeFilter({
  idPrefix,
  labels,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string;
  labels: { from: string; to: string };
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  const field = (end: 'from' | 'to', value: string, set: (v: string) => void) => (
    <label htmlFor={`${idPrefix}-${end}`}>
      {labels[end]}
      <input
        id={`${idPrefix}-${end}`}
        data-testid={`${idPrefix}-${end}`}
        type="date"
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );
  return (
    <div className="date-range">
      {field('from', from, onFrom)}
      {field('to', to, onTo)}
    </div>
  );
}
