import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { formatDate } from '../../../lib/format.ts';
import { checkIn, contentKeys, gameQuery } from '../api.ts';
import '../content.css';
import { Money } from '../../../components/Money.tsx';
import { formatFigure } from '../../../lib/price.ts';

/** The daily check-in (DECISIONS.md section 29): a reward in X Token once a day, more for a streak. */
export default function GamePage() {
  const { t, i18n } = useTranslation('content');
  const client = useQueryClient();
  const status = useQuery(gameQuery);
  const [busy, setBusy] = useState(false);
  const s = status.data;
  const dayOfStreak = s ? (s.checked_in ? s.streak : s.streak + 1) : 0;
  return (
    <PageLayout title={t('routes:/pages/Game/game')} testId="game-page">
      {status.isPending ? <LoadingBlock /> : null}
      {status.isError ? <LoadFailed onRetry={() => status.refetch()} /> : null}
      {s ? (
        <>
          <section className="game-card">
            <h2>{t('game.title')}</h2>
            <p>{t('game.intro', { asset: s.asset })}</p>
            <p className="game-streak" data-testid="game-streak">
              {t('game.streak', { count: s.streak })}
            </p>
            <ol className="game-days">
              {s.rewards.map((r, i) => {
                const n = i + 1;
                const done = s.checked_in ? n <= Math.min(s.streak, 7) : n < Math.min(dayOfStreak, 7);
                const today = n === Math.min(dayOfStreak, 7);
                return (
                  <li
                    key={`day-${n}`}
                    className={`${done ? 'done' : ''} ${today ? 'today' : ''}`}
                    data-testid={`game-day-${n}`}
                  >
                    <span>{t('game.day', { n })}</span>
                    <strong>+{r}</strong>
                  </li>
                );
              })}
            </ol>
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              disabled={s.checked_in || !s.open}
              onClick={async () => {
                setBusy(true);
                try {
                  const { msg } = await checkIn();
                  showToast(msg);
                } finally {
                  setBusy(false);
                  await client.invalidateQueries({ queryKey: contentKeys.game });
                  await client.invalidateQueries({ queryKey: ['wallet'] });
                }
              }}
              data-testid="game-checkin"
            >
              {s.checked_in
                ? t('game.done')
                : s.open
                  ? t('game.checkIn', { amount: formatFigure(s.today_reward, s.asset), asset: s.asset })
                  : t('game.closed')}
            </Button>
            <p className="game-total" data-testid="game-total">
              {t('game.total', { amount: formatFigure(s.total, s.asset), asset: s.asset })}
            </p>
          </section>
          {s.recent.length ? (
            <List header={t('game.recent')}>
              {s.recent.map((r) => (
                <List.Item key={r.day} extra={<Money value={r.amount} asset={s.asset} signed />}>
                  {formatDate(r.day, i18n.language as never)}
                </List.Item>
              ))}
            </List>
          ) : null}
        </>
      ) : null}
    </PageLayout>
  );
}
