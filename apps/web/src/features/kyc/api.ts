import {
  adminKycDetail,
  adminKycList,
  adminKycReview,
  checkIdTypeNo,
  checkKycStatus,
  getCountry,
  kycImage,
  submitKyc,
} from '@mp/contract/web';
import type { KycIdType, KycSide, ResponseOf, kycSubmissionSchema } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiEnvelope } from '../../lib/api.ts';

export type KycSubmission = z.infer<typeof kycSubmissionSchema>;
export type KycStatus = ResponseOf<typeof checkKycStatus>;
export type KycReviewStatus = KycSubmission['status'];
export type KycDetails = { country: string; id_type: KycIdType; name: string; id_number: string };
export type KycPictures = Record<KycSide, File>;

export const kycKeys = {
  all: ['kyc'] as const,
  status: ['kyc', 'status'] as const,
  countries: (lang: string) => ['kyc', 'countries', lang] as const,
  image: (id: string, side: KycSide) => ['kyc', 'image', id, side] as const,
  admin: ['kyc', 'admin'] as const,
  adminList: (status: string) => ['kyc', 'admin', 'list', status] as const,
  adminDetail: (id: string) => ['kyc', 'admin', 'detail', id] as const,
};

export const kycStatusQuery = queryOptions({
  queryKey: kycKeys.status,
  queryFn: () => api(checkKycStatus, {}),
});

export const countriesQuery = (lang: string) =>
  queryOptions({
    queryKey: kycKeys.countries(lang),
    queryFn: () => api(getCountry, {}),
    staleTime: 60 * 60_000,
  });

/** A picture of a submission (the owner's or, for admins, anyone's) as a data URL. */
export const kycImageQuery = (id: string, side: KycSide) =>
  queryOptions({
    queryKey: kycKeys.image(id, side),
    queryFn: () => api(kycImage, { id, side }, { quiet: true }),
    staleTime: 5 * 60_000,
    enabled: id.length > 0,
  });

/** Quiet: the details step shows "already used" inline. */
export const checkIdAvailable = (id_type: KycIdType, id_number: string) =>
  api(checkIdTypeNo, { id_type, id_number }, { quiet: true });

/** Sends the details and the three pictures as multipart/form-data (the API client does so for files). */
export const sendVerification = (details: KycDetails, pictures: KycPictures) =>
  apiEnvelope(submitKyc, { ...details, ...pictures }, { quiet: true });

export function fetchKycPage(status: string, page: number, pagesize: number) {
  return api(adminKycList, {
    page,
    pagesize,
    ...(status === 'all' ? {} : { status: status as KycReviewStatus }),
  });
}

export const kycDetailQuery = (id: string) =>
  queryOptions({ queryKey: kycKeys.adminDetail(id), queryFn: () => api(adminKycDetail, { id }) });

export const reviewKyc = (id: string, action: 'approve' | 'reject', reason?: string) =>
  apiEnvelope(adminKycReview, { id, action, ...(reason ? { reason } : {}) });
