import { ImageViewer } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useBack } from '../../../components/PageLayout.tsx';

/** Our own pictures and data URLs only: a link of this page cannot show somebody else's site. */
const SAFE_SRC = /^(\/(?!\/)|data:image\/(png|jpeg|webp);base64,)/;

/** A picture full screen, with pinch-zoom; closing goes back. */
export default function PreviewImagePage() {
  const [params] = useSearchParams();
  const back = useBack();
  const src = params.get('src') ?? '';
  return (
    <div className="page preview-image-page" data-testid="preview-image-page">
      <ImageViewer image={SAFE_SRC.test(src) ? src : ''} visible onClose={back} />
    </div>
  );
}
