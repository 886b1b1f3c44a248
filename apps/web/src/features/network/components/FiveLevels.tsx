import type { ResponseOf, fiveLevel } from '@mp/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { VOLUME_ASSET } from '../volume.ts';

type Props = { data: ResponseOf<typeof fiveLevel>; onOpen: (level: number) => void };

/** Members and purchase volume on each of the five sponsor levels; a row opens that level's members. */
export function FiveLevels({ data, onOpen }: Props) {
  const { t } = useTranslation('network');
  return (
    <section className="team-card" data-testid="team-levels">
      <h2>{t('team.levels')}</h2>
      <table className="team-table">
        <thead>
          <tr>
            <th>{t('member.level')}</th>
            <th>{t('team.members')}</th>
            <th>{t('team.volume')}</th>
          </tr>
        </thead>
        <tbody>
          {data.levels.map((l) => (
            <tr key={l.level} className="team-level-row" data-testid={`team-level-${l.level}`}>
              <th scope="row">
                <button
                  type="button"
                  onClick={() => onOpen(l.level)}
                  data-testid={`team-level-${l.level}-open`}
                >
                  {t('levelN', { level: l.level })} <RightOutline />
                </button>
              </th>
              <td data-testid={`team-level-${l.level}-count`}>{l.count}</td>
              <td>
                <Money value={l.volume} asset={VOLUME_ASSET} testId={`team-level-${l.level}-volume`} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('team.total')}</th>
            <td data-testid="team-levels-count">{data.count}</td>
            <td>
              <Money value={data.volume} asset={VOLUME_ASSET} testId="team-levels-volume" />
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
