import { Button, Popup } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Leaflet and the world layer load only when the operator opens a pin.
const PinMap = lazy(() => import('./OrderPinMap.tsx'));

type Located = { lat: number | null; lng: number | null };

/** The operator's view of where an order goes: a button opening its address's point on a read-only map. */
export function OrderPin({ address, orderNo }: { address: Located; orderNo: string }) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  const { lat, lng } = address;
  if (lat === null || lng === null) return null;
  return (
    <>
      <Button size="mini" onClick={() => setOpen(true)} data-testid={`admin-order-pin-${orderNo}`}>
        {t('location.pin')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="shop-sheet" destroyOnClose>
        {open ? (
          <Suspense fallback={null}>
            <PinMap point={{ lat, lng }} title={`${t('location.pin')} · ${orderNo}`} />
          </Suspense>
        ) : null}
      </Popup>
    </>
  );
}
