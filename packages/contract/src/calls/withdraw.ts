import { z } from 'zod';
import {
  defineCall,
  empty,
  oneOf,
  optionalSecret,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import { ADDRESS_TYPES, PAYOUT_MODES } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { amountField, idempotencyKey } from './transfer.ts';

const money = z.string();

export const addressTypeSchema = z.object({
  code: z.enum(ADDRESS_TYPES),
  name: z.string(),
  asset: z.string(),
});

export const withdrawAddressType = defineCall({
  name: 'Member/withdrawAddressType',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'The address types (networks) a withdrawal address can be bound for',
  request: empty,
  response: z.object({ list: z.array(addressTypeSchema) }),
});

export const boundAddressSchema = z.object({
  bound: z.boolean(),
  address: z.string(),
  address_type: z.string(),
  bound_at: z.string(),
});

export const getCAddress = defineCall({
  name: 'member/getcaddress',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: "The member's bound withdrawal address, if any",
  request: empty,
  response: boundAddressSchema,
});

export const getCRAddress = defineCall({
  name: 'Member/getcraddress',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: "The member's bound withdrawal address with the network's display name (for the withdraw screen)",
  request: empty,
  response: boundAddressSchema.extend({ network: z.string(), masked: z.string() }),
});

export const updateCAddress = defineCall({
  name: 'member/updatecaddress',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary:
    'Binds the withdrawal address once; after that only customer service can unbind it. Binding again after an unbind is a change: it needs the login password (`password`) and holds money for a while',
  request: z.object({
    address: text(100),
    address_type: oneOf(ADDRESS_TYPES),
    tx_password: secret(),
    totp: optionalText(8),
    password: optionalSecret(),
  }),
  response: boundAddressSchema,
});

export const showWithdrawAddress = defineCall({
  name: 'Asset/showWithdrawAddress',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'The address a withdrawal will be paid to, masked, or a note that one must be bound first',
  request: empty,
  response: z.object({ bound: z.boolean(), masked: z.string(), address_type: z.string() }),
});

export const withdrawMenu = defineCall({
  name: 'asset/withdrawmenu',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'Withdrawal rules: wallet, minimum, fee percent, available balance, whether an address is bound',
  request: empty,
  response: z.object({
    wallet: z.string(),
    asset: z.string(),
    min_amount: money,
    fee_percent: z.string(),
    available: money,
    address_bound: z.boolean(),
    totp_required: z.boolean(),
  }),
});

export const withdrawPreview = defineCall({
  name: 'asset/withdraw',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'Previews a withdrawal: the fee (5%, rounded up) and what arrives',
  request: z.object({ amount: amountField() }),
  response: z.object({ amount: money, fee: money, receive: money, asset: z.string(), address: z.string() }),
});

export const withdrawNote = defineCall({
  name: 'Asset/withdrawNote',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'The notes shown on the withdraw screen, in the member’s language',
  request: empty,
  response: z.object({ notes: z.array(z.string()) }),
});

/**
 * '' none (pending or rejected); on chain queued -> broadcast -> confirmed, or failed (the money stays held); by hand
 * manual ("to be paid by hand": approved, the money held until an admin records the transaction) -> confirmed.
 */
export const PAYOUT_STATES = ['', 'queued', 'broadcast', 'confirmed', 'failed', 'manual'] as const;

export const withdrawalSchema = z.object({
  id: z.string(),
  userid: z.string(),
  amount: money,
  fee: money,
  receive: money,
  asset: z.string(),
  address: z.string(),
  address_type: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  /** The payout of an approved withdrawal; '' while pending or when rejected. */
  payout_state: z.enum(PAYOUT_STATES),
  tx_hash: z.string(),
  /** The transaction on the chain's explorer ('' without one). */
  explorer_url: z.string(),
  /** Why the payout failed (the admin may retry or reject). */
  payout_error: z.string(),
  created_at: z.string(),
  decided_at: z.string(),
  decided_by: z.string(),
});

export const withdrawSave = defineCall({
  name: 'asset/withdrawsave',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'Requests a withdrawal to the bound address; the amount is held until an admin decides',
  request: z.object({
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
    totp: optionalText(8),
  }),
  response: withdrawalSchema,
});

export const withdrawHistory = defineCall({
  name: 'Asset/withdrawlist',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: "The member's withdrawals with their state and any rejection reason, newest first",
  request: z.object({ ...pagingFields }),
  response: pagedSchema(withdrawalSchema),
});

/** Why a withdrawal's approval needs a second admin: '' it does not; above the two-person threshold; above a limit. */
export const SECOND_APPROVAL_REASONS = ['', 'threshold', 'per_withdrawal_limit', 'daily_limit'] as const;

/** An admin's view: how it is (or will be) paid, and who approved first when two admins must. */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  /** Approving sends it from the hot wallet (automatic) or leaves it to be paid by hand (manual). */
  payout_mode: z.enum(PAYOUT_MODES),
  /** Why a second approver is needed ('' when one admin decides); worked out when listed. */
  second_approval: z.enum(SECOND_APPROVAL_REASONS),
  /** Approved once, waiting for a second finance or owner admin. */
  awaiting_second_approval: z.boolean(),
  first_approved_by: z.string(),
  first_approved_at: z.string(),
});

export const adminWdList = defineCall({
  name: 'Admin/wdlist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Withdrawals filtered by status, date range and member, with totals',
  request: z.object({
    ...pagingFields,
    status: oneOf(['pending', 'approved', 'rejected'] as const).optional(),
    userid: optionalText(64),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(adminWithdrawalSchema).extend({ total_amount: money, total_fee: money }),
});

export const adminApproveWd = defineCall({
  name: 'Admin/AdminApprovewd',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Approves (paid on chain from the hot wallet, or left to be paid by hand) or rejects (releases the hold) a pending withdrawal, exactly once; retries or rejects a failed payout; cancels one waiting to be paid by hand (releases the hold)',
  request: z.object({
    id: text(30),
    /** `cancel`: an approved withdrawal waiting to be paid by hand will not be paid (its own action, so a reject sent
     * at the moment another admin approves cannot undo an approval someone may be paying). */
    action: oneOf(['approve', 'reject', 'retry', 'cancel'] as const),
    reason: optionalText(300),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: adminWithdrawalSchema,
});

export const adminWdManualPaid = defineCall({
  name: 'Admin/wdmanualpaid',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    "Records the transaction that paid a withdrawal by hand (checked for its network's format, and on chain when the server follows that chain); then the held money is posted and the member sees it paid",
  request: z.object({
    id: text(30),
    tx_hash: text(100),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: adminWithdrawalSchema,
});

export const adminUnbindAddress = defineCall({
  name: 'Admin/unbindaddress',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: "Removes a member's bound withdrawal address (customer service), with a reason; audited",
  request: z.object({ userid: text(64), reason: text(300) }),
  response: z.object({}),
});
