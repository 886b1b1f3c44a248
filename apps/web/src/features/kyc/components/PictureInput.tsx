import { KYC_IMAGE_TYPES, KYC_MAX_IMAGE_BYTES } from '@mp/contract/web';
import type { KycSide } from '@mp/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  side: KycSide;
  file: File | undefined;
  error: string | undefined;
  onChange: (file: File | undefined, problem: string | undefined) => void;
};

/** Checks a chosen file the way the server will (type, 5 MB) so the member hears at once; the server decides. */
export function pictureProblem(file: File): 'wrongType' | 'tooLarge' | undefined {
  if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > KYC_MAX_IMAGE_BYTES) return 'tooLarge';
  return undefined;
}

/** One picture of the document: a file picker (camera on phones) with a preview. */
export function PictureInput({ side, file, error, onChange }: Props) {
  const { t } = useTranslation('kyc');
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const label = t(`side.${side}`);
  const id = `kyc-picture-${side}`;
  return (
    <div className="kyc-picture" data-testid={id} data-filled={file ? 'yes' : 'no'}>
      <label htmlFor={`${id}-input`} className="kyc-picture-box">
        {preview ? (
          <img src={preview} alt={t('upload.preview', { side: label })} data-testid={`${id}-preview`} />
        ) : (
          <span className="kyc-picture-empty">+</span>
        )}
        <span className="kyc-picture-label">
          {file ? t('upload.change') : t('upload.choose', { side: label })}
        </span>
      </label>
      <input
        id={`${id}-input`}
        data-testid={`${id}-input`}
        className="kyc-file"
        type="file"
        accept={KYC_IMAGE_TYPES.join(',')}
        aria-label={label}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          const problem = chosen ? pictureProblem(chosen) : undefined;
          onChange(problem ? undefined : chosen, problem ? t(`upload.${problem}`) : undefined);
        }}
      />
      <strong className="kyc-picture-title">{label}</strong>
      {error ? (
        <span className="field-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
