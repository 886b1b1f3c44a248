import { Dialog } from 'antd-mobile';
import type { checkVersion, ResponseOf } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { versionQuery } from '../features/system/api.ts';
import { checkForUpdate } from './pwa/register.ts';
import { useUpdateOffer } from './pwa/status.ts';
import { UpdatePrompt } from './pwa/UpdatePrompt.tsx';

type VersionCheck = ResponseOf<typeof checkVersion>;

/** An open app asks again when the member comes back to it (react-query refetches on focus) and every half hour. */
const versionCheck = {
  ...versionQuery(__APP_VERSION__),
  staleTime: 5 * 60_000,
  refetchInterval: 30 * 60_000,
};

/**
 * Asks the server (`index/check_version`) whether a newer version exists. The web app's new version is its new
 * service worker: when the server reports one, the registration looks for it at once, and once it has installed
 * the member gets the reload prompt. Only when no new worker can come (no service worker, or the server names a
 * version this site does not serve yet) does the download dialog show; a forced update cannot be dismissed.
 */
export function UpdateCheck() {
  const { data } = useQuery(versionCheck);
  const offer = useUpdateOffer();
  // "Later" puts off this waiting version until the app is next opened; a newer one is offered again.
  const [putOff, setPutOff] = useState<(() => void) | null>(null);
  const [noWorkerUpdate, setNoWorkerUpdate] = useState(false);
  useEffect(() => {
    if (!data?.has_update) return;
    let current = true;
    void checkForUpdate().then((found) => {
      if (current) setNoWorkerUpdate(!found);
    });
    return () => {
      current = false;
    };
  }, [data]);
  useDownloadDialog(noWorkerUpdate && !offer ? data : undefined);
  const force = data?.force ?? false;
  if (!offer || (offer === putOff && !force)) return null;
  return <UpdatePrompt onReload={offer} onLater={() => setPutOff(() => offer)} force={force} />;
}

function useDownloadDialog(data: VersionCheck | undefined) {
  const { t } = useTranslation();
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
}
