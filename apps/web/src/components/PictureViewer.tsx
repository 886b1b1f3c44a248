import { ImageViewer } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { image: string; visible: boolean; onClose: () => void; maxZoom?: number; testId?: string };

/**
 * A picture full screen with pinch zoom that closes the way each device expects: a tap (antd-mobile's own, touch
 * only), a mouse click anywhere on it, the close button, or Escape. antd-mobile's viewer alone listens to touch
 * gestures only, so a mouse or keyboard user could not leave it.
 */
export function PictureViewer({ image, visible, onClose, maxZoom, testId = 'picture-viewer' }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    // A touch tap also ends in a click: only the mouse's close here, or the viewer would close twice.
    const onClick = (e: MouseEvent) => {
      const inViewer = e.target instanceof Element && e.target.closest('.adm-image-viewer-content');
      if (inViewer && (e as PointerEvent).pointerType === 'mouse') onClose();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick);
    };
  }, [visible, onClose]);
  return (
    <ImageViewer
      image={image}
      visible={visible}
      onClose={onClose}
      maxZoom={maxZoom}
      renderFooter={() => (
        <button
          type="button"
          className="picture-viewer-close"
          onClick={onClose}
          aria-label={t('txSheet.close')}
          data-testid={`${testId}-close`}
        >
          ×
        </button>
      )}
    />
  );
}
