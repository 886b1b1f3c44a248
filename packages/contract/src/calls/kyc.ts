import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields, text } from '../call.ts';
import { pagedSchema } from '../envelope.ts';
import { KYC_ID_TYPES, KYC_STATES, KYC_SIDES, KYC_IMAGE_TYPES } from '../constants.ts';

/** Calls of the kyc area (issue 5): identity verification and its review. */

/**
 * A picture field of a multipart body: the server receives a Buffer (a Uint8Array), the browser sends a
 * File (a Blob). Neither `Buffer` nor `Blob` is referenced at load time, so the contract loads in both.
 * In OpenAPI it is a binary string.
 */
export type FileLike = { readonly size: number; readonly type: string; arrayBuffer(): Promise<ArrayBuffer> };
const isBlob = (v: unknown): v is FileLike => {
  const BlobClass = (globalThis as { Blob?: abstract new (...args: never[]) => FileLike }).Blob;
  return BlobClass !== undefined && v instanceof BlobClass;
};

export const imageFile = () =>
  z
    .custom<Uint8Array | FileLike>((v) => v instanceof Uint8Array || isBlob(v), {
      error: (issue: { input?: unknown }) =>
        issue.input === undefined || issue.input === '' ? 'field_required' : 'field_invalid',
    })
    .meta({ type: 'string', format: 'binary' });

const idNumber = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .max(40, 'field_too_long')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'kyc_id_number_format'),
  );

export const kycCountrySchema = z.object({ code: z.string(), name: z.string() });

export const getCountry = defineCall({
  name: 'Home/getCountry',
  method: 'POST',
  auth: 'public',
  tag: 'kyc',
  summary: 'The countries an identity document may be from (ISO code and name in the caller’s language)',
  request: empty,
  response: z.object({ list: z.array(kycCountrySchema) }),
});

export const checkIdTypeNo = defineCall({
  name: 'Home/checkIDTypeNo',
  method: 'POST',
  auth: 'member',
  tag: 'kyc',
  summary:
    'Whether this ID type + number is free for the caller (not used by another member’s pending or approved verification)',
  request: z.object({ id_type: oneOf(KYC_ID_TYPES), id_number: idNumber() }),
  response: z.object({ available: z.boolean() }),
});

/** What the member sees of their verification: the state, the reason when rejected, and what they sent. */
export const kycStatusSchema = z.object({
  state: z.enum(KYC_STATES),
  reason: z.string(),
  /** The latest submission's id ('' when none); the pictures are read with Home/kycimage. */
  id: z.string(),
  country: z.string(),
  id_type: z.string(),
  name: z.string(),
  id_number: z.string(),
  submitted_at: z.string(),
  decided_at: z.string(),
});

export const submitKyc = defineCall({
  name: 'Home/submitKYC',
  method: 'POST',
  auth: 'member',
  multipart: true,
  tag: 'kyc',
  summary:
    'Submits identity verification (multipart/form-data): details and three pictures, JPEG/PNG/WebP by content, ' +
    'at most 5 MB each; metadata is stripped. Allowed when not submitted or rejected; the state becomes pending.',
  request: z.object({
    country: text(2),
    id_type: oneOf(KYC_ID_TYPES),
    name: text(100),
    id_number: idNumber(),
    front: imageFile(),
    back: imageFile(),
    holding: imageFile(),
  }),
  response: kycStatusSchema,
});

export const checkKycStatus = defineCall({
  name: 'Home/checkKycStatus',
  method: 'POST',
  auth: 'member',
  tag: 'kyc',
  summary: 'The member’s verification state (none, pending, approved, rejected) and the rejection reason',
  request: empty,
  response: kycStatusSchema,
});

export const kycImage = defineCall({
  name: 'Home/kycimage',
  method: 'POST',
  auth: 'member',
  tag: 'kyc',
  summary:
    'One picture of a submission as a data URL; only for the member who sent it and for admins (others get 404)',
  request: z.object({ id: text(20), side: oneOf(KYC_SIDES) }),
  response: z.object({ content_type: z.enum(KYC_IMAGE_TYPES), data_url: z.string() }),
});

export const kycSubmissionSchema = z.object({
  id: z.string(),
  userid: z.string(),
  country: z.string(),
  id_type: z.enum(KYC_ID_TYPES),
  name: z.string(),
  id_number: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string(),
  decided_by: z.string(),
});

export const adminKycList = defineCall({
  name: 'Admin/kyclist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Verification submissions by status (pending first in, first out) and member',
  request: z.object({
    ...pagingFields,
    status: oneOf(['pending', 'approved', 'rejected'] as const).optional(),
    userid: optionalText(64),
  }),
  response: pagedSchema(kycSubmissionSchema),
});

export const adminKycDetail = defineCall({
  name: 'Admin/kycdetail',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'One submission with the member’s earlier submissions count; pictures via Home/kycimage',
  request: z.object({ id: text(20) }),
  response: kycSubmissionSchema.extend({ earlier: z.number(), sides: z.array(z.enum(KYC_SIDES)) }),
});

export const adminKycReview = defineCall({
  name: 'Admin/kycreview',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Approves or rejects (with a reason for the member) a pending submission, exactly once; audited',
  request: z.object({
    id: text(20),
    action: oneOf(['approve', 'reject'] as const),
    reason: optionalText(300),
  }),
  response: kycSubmissionSchema,
});
