import type { KycSide } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { kycImageQuery } from '../api.ts';

/** A submission's picture; tapping it opens a zoomable viewer (pinch or wheel). */
export function ReviewPicture({ id, side }: { id: string; side: KycSide }) {
  const { t } = useTranslation('kyc');
  const image = useQuery(kycImageQuery(id, side));
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
    <button
      type="button"
      className="kyc-review-picture"
      data-testid={testId}
      disabled={!url}
      aria-label={`${label} – ${t('admin.zoomHint')}`}
      onClick={() => url && ImageViewer.show({ image: url, maxZoom: 6 })}
    >
      {url ? (
        <img src={url} alt={label} data-testid={`${testId}-img`} />
      ) : (
        <span className="kyc-review-loading" />
      )}
      <span>{label}</span>
    </button>
  );
}
