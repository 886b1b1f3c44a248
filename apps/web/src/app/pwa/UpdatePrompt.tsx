import { useTranslation } from 'react-i18next';

/**
 * "A new version is available" with a reload button, once the new version has installed beside this one. It
 * never reloads by itself (a member may be typing a payment). A forced update (below the server's minimum
 * version) has no "Later".
 */
export function UpdatePrompt({
  onReload,
  onLater,
  force,
}: {
  onReload: () => void;
  onLater: () => void;
  force: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="pwa-bar pwa-update" data-testid="update-prompt">
      <span className="pwa-bar-text">{t('update.title')}</span>
      {force ? null : (
        <button type="button" className="pwa-bar-button" onClick={onLater}>
          {t('update.later')}
        </button>
      )}
      <button
        type="button"
        className="pwa-bar-button pwa-bar-primary"
        onClick={onReload}
        data-testid="update-reload"
      >
        {t('update.reload')}
      </button>
    </div>
  );
}
