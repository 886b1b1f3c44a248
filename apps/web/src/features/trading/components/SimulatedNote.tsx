import { useTranslation } from 'react-i18next';

export function SimulatedNote({ show }: { show: boolean }) {
  const { t } = useTranslation('trading');
  if (!show) return null;
  return (
    <p className="trade-note" role="note" data-testid="simulated-note">
      {t('simulatedNote')}
    </p>
  );
}
