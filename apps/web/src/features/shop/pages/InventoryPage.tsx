import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Popup, Radio, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import {
  addressesQuery,
  checkStockRecipient,
  inventoryIndexQuery,
  redeemStock,
  SHOP_PATHS,
  sendStock,
  stockQuery,
} from '../api.ts';
import { ProductPicture } from '../components/ProductBits.tsx';
import '../shop.css';
import { When } from '../../../components/When.tsx';

type Line = { product_id: string; name: string; image_url: string; quantity: number };

/**
 * The member's inventory (`/pages/Inventory/Inventory`): the goods they keep, product by product, each of which can
 * be sent to another member or delivered to an address; the latest changes; the way to every record.
 */
export default function InventoryPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const stock = useQuery(stockQuery);
  const index = useQuery(inventoryIndexQuery).data;
  const [acting, setActing] = useState<{ line: Line; mode: 'send' | 'redeem' } | null>(null);
  return (
    <PageLayout title={t('routes:/pages/Inventory/Inventory')} testId="inventory-page">
      {index ? (
        <section className="cart-totals" data-testid="inventory-summary">
          <span>{t('inventory.products', { count: index.products })}</span>
          <strong>{t('inventory.items', { count: index.items })}</strong>
        </section>
      ) : null}
      {!stock.data ? (
        <LoadingBlock />
      ) : stock.data.list.length === 0 ? (
        <EmptyBlock text={t('inventory.empty')} testId="inventory-empty" />
      ) : (
        <ul className="cart-lines" data-testid="inventory-lines">
          {stock.data.list.map((l) => (
            <li key={l.product_id} data-testid={`inventory-${l.product_id}`}>
              <ProductPicture url={l.image_url} name={l.name} />
              <div className="cart-line-body">
                <span className="shop-name">{l.name}</span>
                <span className="shop-hint" data-testid={`inventory-quantity-${l.product_id}`}>
                  {t('inventory.held', { count: l.quantity })}
                </span>
              </div>
              <div className="cart-line-actions">
                <Button
                  size="mini"
                  color="primary"
                  onClick={() => setActing({ line: l, mode: 'send' })}
                  data-testid={`inventory-send-${l.product_id}`}
                >
                  {t('inventory.send')}
                </Button>
                <Button
                  size="mini"
                  onClick={() => setActing({ line: l, mode: 'redeem' })}
                  data-testid={`inventory-redeem-${l.product_id}`}
                >
                  {t('inventory.redeem')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <List header={t('inventory.latest')}>
        {(index?.latest ?? []).map((r) => (
          <List.Item
            key={`${r.at}-${r.name}-${r.kind}`}
            description={<When at={r.at} kind="relative" />}
            extra={r.quantity}
          >
            {t(`inventory.kinds.${r.kind}`)} · {r.name}
          </List.Item>
        ))}
        <List.Item onClick={() => navigate(SHOP_PATHS.stock)} data-testid="inventory-records-link">
          {t('inventory.allRecords')}
        </List.Item>
      </List>
      <Popup
        visible={acting !== null}
        onMaskClick={() => setActing(null)}
        bodyClassName="shop-sheet"
        destroyOnClose
      >
        {acting ? <StockAction line={acting.line} mode={acting.mode} onDone={() => setActing(null)} /> : null}
      </Popup>
    </PageLayout>
  );
}

function StockAction({ line, mode, onDone }: { line: Line; mode: 'send' | 'redeem'; onDone: () => void }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [quantity, setQuantity] = useState(1);
  const [to, setTo] = useState('');
  const [recipient, setRecipient] = useState<{ userid: string; name: string } | null>(null);
  const [toError, setToError] = useState('');
  const addresses = useQuery({ ...addressesQuery, enabled: mode === 'redeem' }).data?.list ?? [];
  const [addressId, setAddressId] = useState('');
  const address = addressId || addresses.find((a) => a.is_default)?.id || '';
  const flow = useTxSubmit<{ msg: string }>({
    onSuccess: (r) => {
      showToast(r.msg);
      void client.invalidateQueries({ queryKey: ['shop'] });
      onDone();
    },
    onError: () => onDone(),
  });
  const check = async () => {
    setRecipient(null);
    setToError('');
    if (!to.trim()) return;
    try {
      setRecipient(await checkStockRecipient(to.trim()));
    } catch (e) {
      setToError(e instanceof ApiError ? e.msg : String(e));
    }
  };
  const confirm = () => {
    if (mode === 'send') {
      const request = { to_userid: recipient?.userid ?? '', product_id: line.product_id, quantity };
      flow.review(request, (secrets, idempotency_key) =>
        sendStock({ ...request, tx_password: secrets.tx_password, idempotency_key }),
      );
    } else {
      const request = { product_id: line.product_id, quantity, address_id: address };
      flow.review(request, (secrets, idempotency_key) =>
        redeemStock({ ...request, tx_password: secrets.tx_password, idempotency_key }),
      );
    }
  };
  return (
    <div data-testid={`inventory-${mode}-sheet`}>
      <h2 className="shop-sheet-title">
        {t(mode === 'send' ? 'inventory.sendTitle' : 'inventory.redeemTitle', { name: line.name })}
      </h2>
      {mode === 'send' ? (
        <div className="page-section">
          <label htmlFor="inventory-to">{t('inventory.to')}</label>
          <Input
            id="inventory-to"
            value={to}
            onChange={setTo}
            onBlur={() => void check()}
            placeholder={t('inventory.toHint')}
          />
          {recipient ? (
            <p className="shop-hint" data-testid="inventory-recipient">
              {recipient.userid} · {recipient.name}
            </p>
          ) : null}
          {toError ? <p className="field-error">{toError}</p> : null}
        </div>
      ) : (
        <List header={t('shipTo')}>
          <Radio.Group value={address} onChange={(v) => setAddressId(String(v))}>
            {addresses.map((a) => (
              <List.Item key={a.id} description={`${a.line1}, ${a.postcode} ${a.city}`}>
                <Radio value={a.id}>{a.name}</Radio>
              </List.Item>
            ))}
          </Radio.Group>
          <List.Item onClick={() => navigate(SHOP_PATHS.newAddress)}>{t('addAddress')}</List.Item>
        </List>
      )}
      <div className="shop-sheet-row">
        <span>{t('inventory.held', { count: line.quantity })}</span>
        <Stepper
          min={1}
          max={line.quantity}
          digits={0}
          value={quantity}
          onChange={setQuantity}
          data-testid="inventory-quantity"
        />
      </div>
      <Button
        block
        color="primary"
        size="large"
        disabled={mode === 'send' ? !recipient : !address}
        onClick={confirm}
        data-testid="inventory-confirm"
      >
        {t(mode === 'send' ? 'inventory.send' : 'inventory.redeem')}
      </Button>
      <TxPasswordSheet {...flow.sheet} testId="inventory-sheet" />
    </div>
  );
}
