import { PLATFORM_TOKEN } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { adminGameQuery, contentKeys, saveGameSettings } from '../api.ts';

/** The daily check-in game's budget and switch, with what it paid. */
export default function AdminGamePage() {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const { data } = useQuery(adminGameQuery);
  const [budget, setBudget] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (data) {
      setBudget(data.budget);
      setEnabled(data.enabled);
    }
  }, [data]);
  if (!data)
    return (
      <PageLayout title={t('routes:/pages/admin/game')}>
        <LoadingBlock />
      </PageLayout>
    );
  return (
    <PageLayout title={t('routes:/pages/admin/game')} testId="admin-game-page">
      <List>
        <List.Item extra={<Money value={data.paid} asset={PLATFORM_TOKEN} testId="admin-game-paid" />}>
          {t('admin.paid')}
        </List.Item>
        <List.Item extra={data.players_today}>{t('admin.playersToday')}</List.Item>
      </List>
      <Form
        layout="vertical"
        footer={
          <Button
            block
            color="primary"
            onClick={async () => {
              setError(undefined);
              try {
                await saveGameSettings({ budget, enabled: enabled ? 'on' : 'off' });
                await client.invalidateQueries({ queryKey: contentKeys.adminGame });
              } catch (err) {
                if (err instanceof ApiError) setError(err.fieldError('budget') ?? err.msg);
              }
            }}
            data-testid="game-save"
          >
            {t('admin.saveGame')}
          </Button>
        }
      >
        <Form.Item label={t('admin.budget')} help={error}>
          <Input value={budget} onChange={setBudget} inputMode="decimal" data-testid="game-budget" />
        </Form.Item>
        <Form.Item label={t('admin.enabled')} childElementPosition="right">
          <Switch checked={enabled} onChange={setEnabled} />
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
