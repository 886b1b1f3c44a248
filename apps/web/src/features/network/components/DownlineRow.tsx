import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { DownlineMember } from '../api.ts';
import { VOLUME_ASSET } from '../volume.ts';

/** One member of the sponsor downline; tapping it asks for their details. */
export function DownlineRow({ m, onPick }: { m: DownlineMember; onPick: (userid: string) => void }) {
  const { t } = useTranslation('network');
  const id = `downline-${m.userid}`;
  return (
    <button type="button" className="downline-row" onClick={() => onPick(m.userid)} data-testid={id}>
      <span className="record-main">
        <span data-testid={`${id}-userid`}>{m.userid}</span>
        <span className={`rank-tag rank-${m.rank}`}>{t(`ranks.${m.rank}`)}</span>
      </span>
      <dl className="downline-facts">
        <div>
          <dt>{t('member.joined')}</dt>
          <dd>{formatDate(m.joined)}</dd>
        </div>
        <div>
          <dt>{t('member.level')}</dt>
          <dd data-testid={`${id}-level`}>{m.level}</dd>
        </div>
        <div>
          <dt>{t('member.personalVolume')}</dt>
          <dd>
            <Money value={m.personal_volume} asset={VOLUME_ASSET} testId={`${id}-pv`} />
          </dd>
        </div>
        <div>
          <dt>{t('member.directCount')}</dt>
          <dd>{m.direct_count}</dd>
        </div>
        <div>
          <dt>{t('member.teamCount')}</dt>
          <dd data-testid={`${id}-team-count`}>{m.team_count}</dd>
        </div>
        <div>
          <dt>{t('member.teamVolume')}</dt>
          <dd>
            <Money value={m.team_volume} asset={VOLUME_ASSET} testId={`${id}-team-volume`} />
          </dd>
        </div>
      </dl>
    </button>
  );
}
