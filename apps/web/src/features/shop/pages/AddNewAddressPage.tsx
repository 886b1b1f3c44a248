import { addressSave } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Popup } from 'antd-mobile';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { addressesQuery, SHOP_PATHS, saveAddress, shopKeys } from '../api.ts';
import { PlaceName } from '../components/PlaceName.tsx';
import { type CityCountry, fillFromPlace, type Point, placeQuery } from '../place.ts';
import '../shop.css';

// The map (Leaflet and the world layer) loads only when the member opens it.
const LocationChooser = lazy(() =>
  import('./ChooseLocationPage.tsx').then((m) => ({ default: m.LocationChooser })),
);

type Values = {
  name: string;
  phone: string;
  line1: string;
  city: string;
  postcode: string;
  country: string;
  is_default: boolean;
};
const FIELDS = ['name', 'phone', 'line1', 'city', 'postcode', 'country'] as const;
const DEFAULT_COUNTRY = 'Malaysia';

/** Adds or edits a delivery address (`/pages/personal/AddNewAddress?id=`); from checkout it goes back there. */
export default function AddNewAddressPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [point, setPoint] = useState<Point | null>(null);
  const [picking, setPicking] = useState(false);
  // What picks (or the form's default) put in city and country; a saved address's values count as typed.
  const filled = useRef<CityCountry>({ city: '', country: id ? '' : DEFAULT_COUNTRY });
  const latestPick = useRef<Point | null>(null);
  const existing = useQuery({ ...addressesQuery, enabled: id !== '' }).data?.list.find((a) => a.id === id);
  const shape = addressSave.request.shape;
  useEffect(() => {
    if (existing) {
      form.setFieldsValue(existing);
      if (existing.lat !== null && existing.lng !== null) setPoint({ lat: existing.lat, lng: existing.lng });
    }
  }, [existing, form]);

  /** Fills city and country from the picked point's place, sparing what the member typed. */
  const fillFrom = async (p: Point) => {
    latestPick.current = p;
    const place = await client.fetchQuery(placeQuery(p)).catch(() => null);
    if (!place || latestPick.current !== p) return;
    const current = form.getFieldsValue(['city', 'country']) as Partial<CityCountry>;
    const fill = fillFromPlace(
      { city: current.city ?? '', country: current.country ?? '' },
      filled.current,
      place,
      currentLanguage(),
    );
    filled.current = fill.filled;
    form.setFieldsValue(fill.values);
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await saveAddress({ ...v, ...(id ? { id } : {}), ...(point ? point : {}) });
      showToast(res.msg);
      await client.invalidateQueries({ queryKey: shopKeys.all });
      navigate(params.get('back') === 'checkout' ? SHOP_PATHS.checkout : SHOP_PATHS.addresses, {
        replace: true,
      });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout
      title={t(id ? 'editAddress' : 'routes:/pages/personal/AddNewAddress')}
      testId="add-address-page"
    >
      <Form
        form={form}
        initialValues={{ country: DEFAULT_COUNTRY, is_default: false }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="address-save">
            {t('save')}
          </Button>
        }
      >
        {FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`address.${f}`)} rules={[zodRule(shape[f], f)]}>
            <Input
              id={`address-${f}`}
              autoComplete={f === 'phone' ? 'tel' : f === 'postcode' ? 'postal-code' : 'off'}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('location.map')}>
          <div className="address-map-row">
            <span data-testid="address-point">
              {point ? <PlaceName point={point} /> : t('location.none')}
              {point ? (
                <small className="address-point-coords">
                  {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
                </small>
              ) : null}
            </span>
            <Button size="small" onClick={() => setPicking(true)} data-testid="address-pick">
              {t('location.pick')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox data-testid="address-default">{t('makeDefault')}</Checkbox>
        </Form.Item>
      </Form>
      <Popup
        visible={picking}
        onMaskClick={() => setPicking(false)}
        bodyClassName="shop-sheet"
        destroyOnClose
      >
        {picking ? (
          <Suspense fallback={null}>
            <LocationChooser
              initial={point}
              onChoose={(p) => {
                setPoint(p);
                setPicking(false);
                void fillFrom(p);
              }}
            />
          </Suspense>
        ) : null}
      </Popup>
    </PageLayout>
  );
}
