import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout, useBack } from '../../../components/PageLayout.tsx';
import { PictureViewer } from '../../../components/PictureViewer.tsx';
import { StateBlock } from '../../../components/StateBlock.tsx';

/** Our own pictures and data URLs only: a link of this page cannot show somebody else's site. */
const SAFE_SRC = /^(\/(?!\/)|data:image\/(png|jpeg|webp);base64,)/;

/**
 * A picture full screen, with pinch-zoom; closing goes back. Opened without a picture (or with one it may not
 * show) it says so, with a way back, instead of an empty black screen.
 */
export default function PreviewImagePage() {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const back = useBack();
  const src = params.get('src') ?? '';
  if (!SAFE_SRC.test(src))
    return (
      <PageLayout title={t('picturePreview.title')} testId="preview-image-page">
        <div className="page-state" data-testid="preview-image-empty">
          <StateBlock
            status="empty"
            title={t('picturePreview.none')}
            description={t('picturePreview.noneText')}
          />
          <Button color="primary" onClick={back} data-testid="preview-image-back">
            {t('common:nav.back')}
          </Button>
        </div>
      </PageLayout>
    );
  return (
    <div className="page preview-image-page" data-testid="preview-image-page">
      <PictureViewer image={src} visible onClose={back} testId="preview-image" />
    </div>
  );
}
