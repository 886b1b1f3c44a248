// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as kyc from '../calls/kyc.ts';

export const adminKycDetail: CallRef<typeof kyc.adminKycDetail> = { name: 'Admin/kycdetail', method: 'POST' };
export const adminKycList: CallRef<typeof kyc.adminKycList> = { name: 'Admin/kyclist', method: 'POST' };
export const adminKycReview: CallRef<typeof kyc.adminKycReview> = { name: 'Admin/kycreview', method: 'POST' };
export const checkIdTypeNo: CallRef<typeof kyc.checkIdTypeNo> = {
  name: 'Home/checkIDTypeNo',
  method: 'POST',
};
export const checkKycStatus: CallRef<typeof kyc.checkKycStatus> = {
  name: 'Home/checkKycStatus',
  method: 'POST',
};
export const getCountry: CallRef<typeof kyc.getCountry> = { name: 'Home/getCountry', method: 'POST' };
export const kycImage: CallRef<typeof kyc.kycImage> = { name: 'Home/kycimage', method: 'POST' };
export const submitKyc: CallRef<typeof kyc.submitKyc> = {
  name: 'Home/submitKYC',
  method: 'POST',
  multipart: true,
};
