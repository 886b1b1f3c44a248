import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADDRESS_PATH } from '../paths.ts';
import { StateBlock } from '../../../components/StateBlock.tsx';

/** No withdrawal address yet: say so and lead to the page that binds one. */
export function BindAddressPrompt() {
  const { t } = useTranslation('withdraw');
  const navigate = useNavigate();
  return (
    <div className="page-state" data-testid="withdraw-bind-prompt">
      <StateBlock status="empty" title={t('bindTitle')} description={t('bindText')} />
      <Button color="primary" onClick={() => navigate(ADDRESS_PATH)} data-testid="withdraw-bind-link">
        {t('bindAction')}
      </Button>
    </div>
  );
}
