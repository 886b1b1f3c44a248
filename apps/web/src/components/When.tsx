import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatRelative } from '../lib/format.ts';

type Props = {
  /** A server timestamp (ISO) or plain date. */
  at: string;
  /** 'relative' for lists of recent activity ('3 min ago'), 'date' for a day; the date and time otherwise. */
  kind?: 'dateTime' | 'date' | 'relative';
  testId?: string;
};

const FORMATS = { dateTime: formatDateTime, date: formatDate, relative: formatRelative };

/** A date or time in the app language's one format, with the full date and time as its title. */
export function When({ at, kind = 'dateTime', testId }: Props) {
  // Re-render when the language changes: the format follows it.
  useTranslation();
  return (
    <time dateTime={at} title={kind === 'date' ? undefined : formatDateTime(at)} data-testid={testId}>
      {FORMATS[kind](at)}
    </time>
  );
}
