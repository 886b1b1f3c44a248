import {
  checkPlacementId,
  checkSponsorId,
  checkUserid,
  getSmsVerification,
  login,
  logout,
  resetPassword,
  resetPasswordCode,
  signupSave,
} from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';
import { clearSession, saveSession } from '../../lib/session.ts';
import type { TacSent } from '../../components/TacButton.tsx';

export const authKeys = {
  userid: (userid: string) => ['auth', 'checkUserid', userid] as const,
  sponsor: (sponsor: string) => ['auth', 'checkSponsor', sponsor] as const,
  placement: (sponsor: string, placement: string) => ['auth', 'checkPlacement', sponsor, placement] as const,
};

export async function logIn(username: string, password: string) {
  const data = await api(login, { username, password });
  saveSession(data.token, data.userInfo);
  return data;
}

/** Ends the session on the server; the local session is cleared even when the server cannot be reached. */
export async function logOut(): Promise<void> {
  try {
    await api(logout, {}, { quiet: true });
  } finally {
    clearSession();
  }
}

/** As-you-type checks are quiet: the page shows their outcome next to the field. */
export const useridCheckQuery = (userid: string) =>
  queryOptions({
    queryKey: authKeys.userid(userid),
    queryFn: () => apiEnvelope(checkUserid, { userid }, { quiet: true }),
    enabled: userid.length > 0,
    staleTime: 10_000,
  });

export const sponsorCheckQuery = (sponsorId: string) =>
  queryOptions({
    queryKey: authKeys.sponsor(sponsorId),
    queryFn: () => api(checkSponsorId, { sponsor_id: sponsorId }, { quiet: true }),
    enabled: sponsorId.length > 0,
    staleTime: 10_000,
  });

export const placementCheckQuery = (sponsorId: string, placementId: string) =>
  queryOptions({
    queryKey: authKeys.placement(sponsorId, placementId),
    queryFn: () =>
      api(checkPlacementId, { sponsor_id: sponsorId, placement_id: placementId }, { quiet: true }),
    enabled: sponsorId.length > 0 && placementId.length > 0,
    staleTime: 10_000,
  });

export async function sendSignupTac(input: RequestOf<typeof getSmsVerification>): Promise<TacSent> {
  const { data, msg } = await apiEnvelope(getSmsVerification, input);
  return { msg, resendIn: data.resend_in };
}

export function signUp(input: RequestOf<typeof signupSave>) {
  return apiEnvelope(signupSave, input);
}

export async function sendResetTac(username: string): Promise<TacSent> {
  const { data, msg } = await apiEnvelope(resetPasswordCode, { username });
  return { msg, resendIn: data.resend_in };
}

export function resetLoginPassword(input: RequestOf<typeof resetPassword>) {
  return apiEnvelope(resetPassword, input);
}
