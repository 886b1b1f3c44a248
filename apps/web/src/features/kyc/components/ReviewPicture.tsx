import type { KycSide } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureViewer } from '../../../components/PictureViewer.tsx';
import { kycImageQuery } from '../api.ts';

/** A submission's picture; tapping it opens a zoomable viewer (pinch), closed by a tap, a click or Escape. */
export function ReviewPicture({ id, side }: { id: string; side: KycSide }) {
  const { t } = useTranslation('kyc');
  const image = useQuery(kycImageQuery(id, side));
  const [zoomed, setZoomed] = useState(false);
  const label = t(`side.${side}`);
  const testId = `kyc-review-${side}`;
  if (image.isError)
    return (
      <span className="field-error" data-testid={`${testId}-error`}>
        {label}: {t('admin.pictureFailed')}
      </span>
    );
  const url = image.data?.data_url;
  return (
    <>
      <button
        type="button"
        className="kyc-review-picture"
        data-testid={testId}
        disabled={!url}
        aria-label={`${label} – ${t('admin.zoomHint')}`}
        onClick={() => setZoomed(true)}
      >
        {url ? (
          <img src={url} alt={label} data-testid={`${testId}-img`} />
        ) : (
          <span className="kyc-review-loading" />
        )}
        <span>{label}</span>
      </button>
      <PictureViewer
        image={url ?? ''}
        visible={zoomed && !!url}
        onClose={() => setZoomed(false)}
        maxZoom={6}
        testId={`${testId}-zoom`}
      />
    </>
  );
}
