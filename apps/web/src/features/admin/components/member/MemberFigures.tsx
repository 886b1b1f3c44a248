import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/Money.tsx';
import type { MemberDetail } from '../../types.ts';

/** The plan's volumes are USDT. */
const VOLUME_ASSET = 'USDT';

/** The member's wallets (balance and available), then their team: own volume, recruits and both legs. */
export function MemberFigures({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('admin');
  const legs = [
    { key: 'count', left: String(m.left_count), right: String(m.right_count), money: false },
    { key: 'volume', left: m.left_volume, right: m.right_volume, money: true },
    { key: 'balance', left: m.left_balance, right: m.right_balance, money: true },
  ] as const;
  return (
    <>
      <List header={t('member.wallets')} data-testid="member-wallets">
        {m.wallets.length === 0 ? <List.Item>{t('member.noWallets')}</List.Item> : null}
        {m.wallets.map((w) => {
          const id = `member-wallet-${w.wallet}-${w.asset}`;
          return (
            <List.Item
              key={`${w.wallet}-${w.asset}`}
              data-testid={id}
              extra={<Money value={w.balance} asset={w.asset} testId={`${id}-balance`} />}
              description={
                <span>
                  {t('member.available')}{' '}
                  <Money value={w.available} asset={w.asset} testId={`${id}-available`} />
                </span>
              }
            >
              {t(`common:wallets.${w.wallet}`, { defaultValue: w.wallet })}
            </List.Item>
          );
        })}
      </List>
      <List header={t('member.team')} data-testid="member-team">
        <List.Item
          extra={<Money value={m.personal_volume} asset={VOLUME_ASSET} testId="member-personal-volume" />}
        >
          {t('member.personalVolume')}
        </List.Item>
        <List.Item extra={<span data-testid="member-direct-count">{m.direct_count}</span>}>
          {t('member.directCount')}
        </List.Item>
        {legs.map((leg) => (
          <List.Item
            key={leg.key}
            data-testid={`member-legs-${leg.key}`}
            extra={
              leg.money ? (
                <span>
                  <Money value={leg.left} asset={VOLUME_ASSET} testId={`member-left-${leg.key}`} />
                  {' / '}
                  <Money value={leg.right} asset={VOLUME_ASSET} testId={`member-right-${leg.key}`} />
                </span>
              ) : (
                <span>
                  <span data-testid={`member-left-${leg.key}`}>{leg.left}</span>
                  {' / '}
                  <span data-testid={`member-right-${leg.key}`}>{leg.right}</span>
                </span>
              )
            }
          >
            {t(`member.legs.${leg.key}`)}
          </List.Item>
        ))}
      </List>
    </>
  );
}
