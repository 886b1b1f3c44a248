import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { addressesQuery, deleteAddress, SHOP_PATHS, shopKeys } from '../api.ts';
import '../shop.css';

/** The member's delivery addresses (`/pages/personal/MyAddress`): the default first; edit, delete, add. */
export default function MyAddressPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data } = useQuery(addressesQuery);
  const remove = async (id: string) => {
    if (!(await confirmDialog(t('deleteAddressConfirm')))) return;
    const res = await deleteAddress(id).catch(() => undefined);
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: shopKeys.all });
  };
  return (
    <PageLayout title={t('routes:/pages/personal/MyAddress')} testId="my-address-page">
      {!data ? (
        <LoadingBlock />
      ) : data.list.length === 0 ? (
        <EmptyBlock text={t('noAddresses')} testId="addresses-empty" />
      ) : (
        <List data-testid="addresses">
          {data.list.map((a) => (
            <List.Item
              key={a.id}
              data-testid={`address-${a.id}`}
              description={`${a.line1}, ${a.postcode} ${a.city}, ${a.country} · ${a.phone}`}
              extra={
                <span className="address-actions">
                  {a.lat !== null && a.lng !== null ? (
                    <Button
                      size="mini"
                      onClick={() =>
                        navigate(
                          `/open-location?lat=${a.lat}&lng=${a.lng}&name=${encodeURIComponent(a.name)}`,
                        )
                      }
                      data-testid={`address-map-${a.id}`}
                    >
                      {t('location.view')}
                    </Button>
                  ) : null}
                  <Button
                    size="mini"
                    onClick={() => navigate(`${SHOP_PATHS.newAddress}?id=${a.id}`)}
                    data-testid={`address-edit-${a.id}`}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="mini"
                    color="danger"
                    fill="outline"
                    onClick={() => void remove(a.id)}
                    data-testid={`address-delete-${a.id}`}
                  >
                    {t('delete')}
                  </Button>
                </span>
              }
            >
              {a.name} {a.is_default ? <Tag color="primary">{t('default')}</Tag> : null}
            </List.Item>
          ))}
        </List>
      )}
      <div className="page-section">
        <Button
          block
          color="primary"
          onClick={() => navigate(SHOP_PATHS.newAddress)}
          data-testid="address-add"
        >
          {t('addAddress')}
        </Button>
      </div>
    </PageLayout>
  );
}
