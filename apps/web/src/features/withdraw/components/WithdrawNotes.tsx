import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withdrawNotesQuery } from '../api.ts';

/** The server's notes for the withdraw screen (minimum, fee, review), in the member's language. */
export function WithdrawNotes() {
  const { t } = useTranslation('withdraw');
  const { data } = useQuery(withdrawNotesQuery);
  if (!data || data.notes.length === 0) return null;
  return (
    <section className="page-section notes" data-testid="withdraw-notes">
      <h3>{t('notes')}</h3>
      <ol>
        {data.notes.map((note, i) => (
          // Notes are plain text in a fixed order; the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the server sends an ordered list without ids
          <li key={i}>{note}</li>
        ))}
      </ol>
    </section>
  );
}
