type Option<K extends string> = { key: K; label: string };

type Props<K extends string> = {
  options: readonly Option<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  testId: string;
};

/** A row of toggle buttons for list filters; each is `<testId>-<key>` with aria-pressed. */
export function FilterChips<K extends string>({ options, value, onChange, label, testId }: Props<K>) {
  return (
    <div className="filter-chips" role="toolbar" aria-label={label} data-testid={testId} data-value={value}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={o.key === value ? 'chip chip-active' : 'chip'}
          aria-pressed={o.key === value}
          onClick={() => onChange(o.key)}
          data-testid={`${testId}-${o.key}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
