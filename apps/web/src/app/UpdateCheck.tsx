import { Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { versionQuery } from '../features/system/api.ts';

/** Asks the server once at start whether a newer version exists; a forced update cannot be dismissed. */
export function UpdateCheck() {
  const { t } = useTranslation();
  const { data } = useQuery(versionQuery(__APP_VERSION__));
  useEffect(() => {
    if (!data?.has_update) return;
    const download = () => {
      window.open(data.download_url, '_blank', 'noopener');
    };
    const content = (
      <div data-testid="update-dialog">
        <p>{t('update.latest', { version: data.latest })}</p>
        {data.notes ? <p className="update-notes">{data.notes}</p> : null}
      </div>
    );
    const handler = Dialog.show({
      title: t('update.title'),
      content,
      closeOnMaskClick: !data.force,
      closeOnAction: !data.force,
      actions: data.force
        ? [{ key: 'download', text: t('update.download'), bold: true, onClick: download }]
        : [
            [
              { key: 'later', text: t('update.later') },
              { key: 'download', text: t('update.download'), bold: true, onClick: download },
            ],
          ],
    });
    return () => handler.close();
  }, [data, t]);
  return null;
}
