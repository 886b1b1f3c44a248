import {
  getInfoC,
  getProfile,
  getVerificationCode,
  updateProfile,
  updatePwd,
  updateTransactionPwd,
} from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TacSent } from '../../components/TacButton.tsx';
import { api, apiEnvelope } from '../../lib/api.ts';

export const personalKeys = {
  all: ['personal'] as const,
  card: ['personal', 'card'] as const,
  profile: ['personal', 'profile'] as const,
};

export const memberCardQuery = queryOptions({
  queryKey: personalKeys.card,
  queryFn: () => api(getInfoC, {}),
});

export const profileQuery = queryOptions({
  queryKey: personalKeys.profile,
  queryFn: () => api(getProfile, {}),
});

export function saveProfile(input: RequestOf<typeof updateProfile>) {
  return apiEnvelope(updateProfile, input);
}

/** Sends a code; `destination` is where it went, masked (j***@x.com), for the form to show. */
export async function sendMemberTac(
  input: RequestOf<typeof getVerificationCode>,
): Promise<TacSent & { destination: string }> {
  const { data, msg } = await apiEnvelope(getVerificationCode, input);
  return { msg, resendIn: data.resend_in, destination: data.destination };
}

export function changeLoginPassword(input: RequestOf<typeof updatePwd>) {
  return apiEnvelope(updatePwd, input);
}

export function changeTransactionPassword(input: RequestOf<typeof updateTransactionPwd>) {
  return apiEnvelope(updateTransactionPwd, input);
}
