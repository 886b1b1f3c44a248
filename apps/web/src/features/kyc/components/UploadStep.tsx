import { KYC_SIDES } from '@mp/contract/web';
import type { KycSide } from '@mp/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { type KycDetails, type KycPictures, type KycStatus, sendVerification } from '../api.ts';
import { PictureInput } from './PictureInput.tsx';

type Props = { details: KycDetails; onBack: () => void; onSent: (status: KycStatus) => void };

/** Step 2: the front, the back and a picture holding the ID; sent together with the details. */
export function UploadStep({ details, onBack, onSent }: Props) {
  const { t } = useTranslation('kyc');
  const [files, setFiles] = useState<Partial<KycPictures>>({});
  const [errors, setErrors] = useState<Partial<Record<KycSide, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const missing = KYC_SIDES.filter((s) => !files[s]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((s) => [s, t('upload.missing')])));
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const { data, msg } = await sendVerification(details, files as KycPictures);
      showToast(msg);
      onSent(data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const bySide = Object.fromEntries(
        KYC_SIDES.flatMap((s) => (error.fieldError(s) ? [[s, error.fieldError(s)]] : [])),
      );
      setErrors(bySide);
      if (Object.keys(bySide).length === 0) setRefusal(error.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page-section" data-testid="kyc-upload">
      <p className="field-hint">{t('upload.hint')}</p>
      {refusal ? (
        <p className="field-error" role="alert" data-testid="kyc-upload-error">
          {refusal}
        </p>
      ) : null}
      <div className="kyc-pictures">
        {KYC_SIDES.map((side) => (
          <PictureInput
            key={side}
            side={side}
            file={files[side]}
            error={errors[side]}
            onChange={(file, problem) => {
              setFiles((f) => ({ ...f, [side]: file }));
              setErrors((e) => ({ ...e, [side]: problem }));
            }}
          />
        ))}
      </div>
      <div className="kyc-actions">
        <Button onClick={onBack} disabled={busy} data-testid="kyc-back">
          {t('back')}
        </Button>
        <Button color="primary" loading={busy} onClick={() => void submit()} data-testid="kyc-submit">
          {t('submit')}
        </Button>
      </div>
    </section>
  );
}
