import { KYC_ID_TYPES } from '@mp/contract/web';
import type { KycIdType } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { type KycDetails, kycKeys, kycStatusQuery } from '../api.ts';
import { DetailsStep } from '../components/DetailsStep.tsx';
import { ResultStep, WaitingStep } from '../components/StatusResult.tsx';
import { UploadStep } from '../components/UploadStep.tsx';
import { currentStep, KYC_STEPS } from '../steps.ts';
import '../kyc.css';

const asIdType = (v: string): KycIdType =>
  (KYC_ID_TYPES as readonly string[]).includes(v) ? (v as KycIdType) : 'IC';

/** Identity verification as a step flow: details -> upload -> waiting -> result (spec section 4). */
export default function NameVerificationPage() {
  const { t } = useTranslation('kyc');
  const queryClient = useQueryClient();
  const status = useQuery(kycStatusQuery);
  const [local, setLocal] = useState<'details' | 'upload' | null>(null);
  const [details, setDetails] = useState<KycDetails | null>(null);

  let body = null;
  let step = 0;
  if (status.isPending) body = <LoadingBlock testId="kyc-loading" />;
  else if (status.isError)
    body = <LoadFailed onRetry={() => void status.refetch()} testId="kyc-load-error" />;
  else {
    const s = status.data;
    const current = currentStep(s.state, local);
    step = KYC_STEPS.indexOf(current);
    const initial: KycDetails = details ?? {
      country: s.country,
      id_type: asIdType(s.id_type),
      name: s.name,
      id_number: s.id_number,
    };
    if (current === 'details')
      body = (
        <DetailsStep
          initial={initial}
          onNext={(d) => {
            setDetails(d);
            setLocal('upload');
          }}
        />
      );
    else if (current === 'upload')
      body = (
        <UploadStep
          details={initial}
          onBack={() => setLocal('details')}
          onSent={(sent) => {
            // The submission answers with the new state: show it at once, no refetch needed.
            queryClient.setQueryData(kycKeys.status, sent);
            setLocal(null);
          }}
        />
      );
    else if (current === 'waiting') body = <WaitingStep status={s} />;
    else body = <ResultStep status={s} onRestart={() => setLocal('details')} />;
  }

  return (
    <PageLayout title={t('routes:/pages/home/NameVerification')} testId="kyc-page">
      <nav
        aria-label={t('steps.label')}
        className="kyc-steps"
        data-testid="kyc-steps"
        data-step={KYC_STEPS[step]}
      >
        <Steps current={step}>
          {KYC_STEPS.map((k) => (
            <Steps.Step key={k} title={t(`steps.${k}`)} />
          ))}
        </Steps>
      </nav>
      {body}
    </PageLayout>
  );
}
