export function Change({ value, testId }: { value: string; testId?: string }) {
  const up = !value.startsWith('-');
  return (
    <span className={`chg ${up ? 'up' : 'down'}`} data-testid={testId}>
      {up ? '+' : ''}
      {value}%
    </span>
  );
}
