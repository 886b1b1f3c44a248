import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { GroupInfo } from '../api.ts';
import { percentOf, VOLUME_ASSET } from '../volume.ts';
import { LegsTable } from './LegsTable.tsx';

const V = ({ value, testId }: { value: string; testId: string }) => (
  <Money value={value} asset={VOLUME_ASSET} testId={testId} />
);

function RankCard({ g }: { g: GroupInfo }) {
  const { t } = useTranslation('network');
  const needs = g.next_rank_needs;
  return (
    <section className="team-card" data-testid="team-rank">
      <h2>
        {t('team.rank')}{' '}
        <span className={`rank-tag rank-${g.rank}`} data-testid="team-rank-current">
          {t(`ranks.${g.rank}`)}
        </span>
      </h2>
      {g.next_rank ? (
        <>
          <p className="field-hint" data-testid="team-next-rank">
            {t('team.nextRank', { rank: t(`ranks.${g.next_rank}`, { defaultValue: g.next_rank }) })}
          </p>
          <dl className="team-figures">
            <div>
              <dt>{t('team.needPersonalVolume')}</dt>
              <dd>
                <V value={needs.personal_volume} testId="team-need-pv" />
              </dd>
            </div>
            <div>
              <dt>{t('team.needDirects')}</dt>
              <dd data-testid="team-need-directs">{needs.direct_sponsors}</dd>
            </div>
            <div>
              <dt>{t('team.needTeamVolume')}</dt>
              <dd>
                <V value={needs.team_volume} testId="team-need-tv" />
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="field-hint" data-testid="team-next-rank">
          {t('team.topRank')}
        </p>
      )}
    </section>
  );
}

function Legs({ g }: { g: GroupInfo }) {
  const { t } = useTranslation('network');
  const money = (key: string, left: string, right: string) => ({
    key,
    label: t(`team.legRows.${key}`),
    left: <V value={left} testId={`team-left-${key}-amount`} />,
    right: <V value={right} testId={`team-right-${key}-amount`} />,
  });
  return (
    <section className="team-card" data-testid="team-legs">
      <h2>{t('team.legs')}</h2>
      <LegsTable
        className="team-table"
        testId="team"
        rows={[
          { key: 'count', label: t('team.legRows.count'), left: g.left_count, right: g.right_count },
          money('volume', g.left_volume, g.right_volume),
          money('today', g.left_today, g.right_today),
          money('balance', g.left_balance, g.right_balance),
        ]}
      />
    </section>
  );
}

function Pairing({ g }: { g: GroupInfo }) {
  const { t } = useTranslation('network');
  const percent = percentOf(g.cap_used, g.cap);
  return (
    <section className="team-card" data-testid="team-pairing">
      <h2>{t('team.pairing')}</h2>
      <dl className="team-figures">
        <div>
          <dt>{t('team.todayPairing')}</dt>
          <dd>
            <V value={g.today_pairing} testId="team-today-pairing" />
          </dd>
        </div>
        <div>
          <dt>{t('team.lastPairing')}</dt>
          <dd data-testid="team-last-pairing">
            {g.last_pairing_date ? (
              <>
                <V value={g.last_pairing} testId="team-last-pairing-amount" />
                <span className="field-hint"> {formatDate(g.last_pairing_date)}</span>
              </>
            ) : (
              t('team.noPairingYet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('team.cap')}</dt>
          <dd>
            <V value={g.cap} testId="team-cap" />
          </dd>
        </div>
      </dl>
      <div className="team-cap">
        <div className="team-cap-label">
          <span>{t('team.capUsed')}</span>
          <span data-testid="team-cap-used">
            <V value={g.cap_used} testId="team-cap-used-amount" /> ({percent}%)
          </span>
        </div>
        <ProgressBar percent={percent} data-testid="team-cap-bar" data-percent={percent} />
      </div>
      <p className="field-hint">{t('team.pairingNote')}</p>
    </section>
  );
}

/** The member's team: rank and what the next one needs, sizes, legs, and today's pairing against the cap. */
export function TeamSummary({ g }: { g: GroupInfo }) {
  const { t } = useTranslation('network');
  return (
    <>
      <RankCard g={g} />
      <section className="team-card" data-testid="team-sizes">
        <h2>{t('team.yours')}</h2>
        <dl className="team-figures">
          <div>
            <dt>{t('member.personalVolume')}</dt>
            <dd>
              <V value={g.personal_volume} testId="team-pv" />
            </dd>
          </div>
          <div>
            <dt>{t('team.directs')}</dt>
            <dd data-testid="team-directs">{g.direct_count}</dd>
          </div>
          <div>
            <dt>{t('team.needTeamVolume')}</dt>
            <dd>
              <V value={g.team_volume} testId="team-tv" />
            </dd>
          </div>
          <div>
            <dt>{t('team.sponsorTeam')}</dt>
            <dd data-testid="team-sponsor-team">{g.sponsor_team_count}</dd>
          </div>
        </dl>
      </section>
      <Legs g={g} />
      <Pairing g={g} />
    </>
  );
}
