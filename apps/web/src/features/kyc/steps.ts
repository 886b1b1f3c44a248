import type { KycState } from '@mp/contract';

/** The screen's four steps (spec section 4): fill in details, upload the ID, wait for approval, the result. */
export const KYC_STEPS = ['details', 'upload', 'waiting', 'result'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/**
 * Which step to show. The server's state decides, except that a member who has not submitted (or who starts
 * again after a rejection) moves between details and upload on this screen.
 */
export function currentStep(state: KycState, local: 'details' | 'upload' | null): KycStep {
  if (state === 'pending') return 'waiting';
  if (state === 'approved') return 'result';
  if (state === 'rejected' && local === null) return 'result';
  return local ?? 'details';
}
