/** A signed percentage: green above zero, red below. */
export function Percent({
  value,
  testId,
  plain = false,
}: {
  value: string;
  testId?: string;
  plain?: boolean;
}) {
  const n = Number(value);
  const cls = plain ? '' : n > 0 ? 'up-text' : n < 0 ? 'down-text' : '';
  return (
    <span className={cls} data-testid={testId} data-value={value}>
      {!plain && n > 0 ? '+' : ''}
      {value}%
    </span>
  );
}
