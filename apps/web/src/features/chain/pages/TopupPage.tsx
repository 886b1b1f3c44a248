import { Button, List } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/feedback.ts';
import {
  chainKeys,
  chainName,
  depositAddressQuery,
  depositMenuQuery,
  depositRecordsQuery,
  recordsRefresh,
  sendTestDeposit,
} from '../api.ts';
import '../chain.css';
import { formatRelative } from '../../../lib/format.ts';
import { Money } from '../../../components/Money.tsx';
import { formatPrice } from '../../../lib/price.ts';

/**
 * `/pages/Wallet/menuTOPUP`: choose the network, then the member's own deposit address (QR code, copy, minimum,
 * confirmations) and their deposits live: confirming n/6, then credited.
 */
export default function TopupPage() {
  const { t } = useTranslation('chain');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const menu = useQuery(depositMenuQuery).data;
  const chosen = params.get('network') ?? (menu?.list.length === 1 ? menu.list[0]!.network : null);
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <PageLayout title={t('routes:/pages/Wallet/menuTOPUP')} testId="topup-page">
      {!menu && <LoadingBlock />}
      {menu && menu.list.length === 0 && <EmptyBlock text={t('none')} testId="topup-none" />}
      {menu && menu.list.length > 0 && (
        <List header={t('chooseNetwork')} data-testid="topup-networks">
          {menu.list.map((n) => (
            <List.Item
              key={n.network}
              onClick={() => navigate(`/pages/Wallet/menuTOPUP?network=${n.network}`, { replace: true })}
              extra={n.network === chosen ? '✓' : ''}
              description={n.test ? t('testChain') : undefined}
              data-testid={`topup-network-${n.network}`}
            >
              {t('network', { name: chainName(n.name, t), network: n.network })}
            </List.Item>
          ))}
        </List>
      )}
      {chosen && <DepositAddress network={chosen} onSent={setSent} />}
      {menu && menu.list.length > 0 && <DepositRecords sent={sent} />}
    </PageLayout>
  );
}

/** A test deposit just sent: shown at once, until the chain's first confirmation lists it. */
type Sent = { tx_hash: string; amount: string };

function DepositAddress({ network, onSent }: { network: string; onSent: (sent: Sent) => void }) {
  const { t } = useTranslation('chain');
  const client = useQueryClient();
  const { data } = useQuery(depositAddressQuery(network));
  const [sending, setSending] = useState(false);
  if (!data) return <LoadingBlock lines={3} />;
  const name = chainName(data.name, t);
  const copy = async () => showToast((await copyText(data.address)) ? t('copied') : data.address);
  const test = async () => {
    setSending(true);
    const res = await sendTestDeposit().catch(() => undefined);
    setSending(false);
    if (res) {
      showToast(res.msg);
      onSent(res.data);
    }
    await client.invalidateQueries({ queryKey: chainKeys.records });
  };
  return (
    <section className="deposit-box" aria-label={t('yourAddress', { asset: data.asset, name })}>
      <p className="deposit-label">{t('yourAddress', { asset: data.asset, name })}</p>
      <img className="deposit-qr" src={data.qr} alt={data.address} width={200} height={200} />
      <p className="deposit-address" data-testid="deposit-address">
        {data.address}
      </p>
      <Button size="small" onClick={() => void copy()} data-testid="deposit-copy">
        {t('copy')}
      </Button>
      {data.explorer_url && (
        <a href={data.explorer_url} target="_blank" rel="noreferrer">
          {t('explorer')}
        </a>
      )}
      <ul className="deposit-rules">
        <li data-testid="deposit-minimum">
          {t('minimum', { min: formatPrice(data.min), asset: data.asset })}
        </li>
        <li data-testid="deposit-confirmations">{t('confirmations', { count: data.confirmations })}</li>
        <li>{t('only', { asset: data.asset, name })}</li>
      </ul>
      {data.test && (
        <Button
          color="primary"
          block
          loading={sending}
          onClick={() => void test()}
          data-testid="deposit-test-send"
        >
          {t('testSend')}
        </Button>
      )}
    </section>
  );
}

function DepositRecords({ sent }: { sent: Sent | null }) {
  const { t } = useTranslation('chain');
  const { data } = useQuery({
    ...depositRecordsQuery,
    // A sent deposit is looked for every second: it is listed from the first block that holds it.
    refetchInterval: (q) => (waiting(sent, q.state.data?.list) ? 1000 : recordsRefresh(q.state.data?.list)),
  });
  const unlisted = data && waiting(sent, data.list) ? sent : null;
  return (
    <section aria-label={t('records')} data-testid="deposit-records">
      <h2 className="section-title">{t('records')}</h2>
      {unlisted && (
        <div className="deposit-row" data-testid="deposit-sent">
          <div className="top">
            <strong>
              <Money value={unlisted.amount} asset="USDT" signed />
            </strong>
            <span className="deposit-state detected" data-testid="deposit-state-sent">
              {t('state.sent')}
            </span>
          </div>
        </div>
      )}
      {data && data.list.length === 0 && !unlisted && <p className="deposit-row">{t('noRecords')}</p>}
      {data?.list.map((d) => (
        <div className="deposit-row" key={d.id} data-testid={`deposit-${d.id}`}>
          <div className="top">
            <strong>
              <Money value={d.amount} asset="USDT" signed />
            </strong>
            <span className={`deposit-state ${d.state}`} data-testid={`deposit-state-${d.id}`}>
              {t(`state.${d.state}`, { confirmations: d.confirmations, required: d.required })}
            </span>
          </div>
          <span className="deposit-tx">
            {t('tx')}{' '}
            {d.explorer_url ? (
              <a href={d.explorer_url} target="_blank" rel="noreferrer">
                {d.tx_hash.slice(0, 10)}…{d.tx_hash.slice(-8)}
              </a>
            ) : (
              `${d.tx_hash.slice(0, 10)}…${d.tx_hash.slice(-8)}`
            )}{' '}
            · {t('detected', { at: formatRelative(d.detected_at) })}
          </span>
        </div>
      ))}
    </section>
  );
}

/** Whether a sent deposit is not listed yet. */
function waiting(sent: Sent | null, list: { tx_hash: string }[] | undefined): sent is Sent {
  return sent !== null && !list?.some((d) => d.tx_hash === sent.tx_hash);
}
