import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateBlock } from '../components/StateBlock.tsx';

export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" data-testid="page-load-error" role="alert">
      <StateBlock
        status="disconnected"
        title={t('pageLoad.errorTitle')}
        description={t('pageLoad.errorText')}
      />
      <Button color="primary" onClick={onRetry} data-testid="page-load-retry">
        {t('pageLoad.retry')}
      </Button>
    </div>
  );
}
