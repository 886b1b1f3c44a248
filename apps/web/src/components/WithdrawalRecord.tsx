import type { withdrawalSchema } from '@mp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from './Money.tsx';
import { When } from './When.tsx';

export type Withdrawal = z.infer<typeof withdrawalSchema>;

type Props = {
  w: Withdrawal;
  /** The row's test id; its parts' test ids are `${testId}-amount`, `-fee`, `-receive`, `-address`, … */
  testId: string;
  /** The withdrawal's state in the caller's words (member list or admin review). */
  statusLabel: string;
  /** Who asked for it: shown first in the main line (the admin review); the member's own list leaves it out. */
  userid?: string;
  /** The payout's state in the caller's words ('' while pending or when rejected), and its words. */
  payout?: { label: string; tx: string; error: string };
  /** The receive line's label: the member reads "You receive", the admin "Member receives". */
  receiveLabel?: string;
  /** Below the record: a rejection reason, the decision, or the review buttons. */
  children?: ReactNode;
};

/** A list of withdrawals refreshes every 3 s while one of them is being paid on chain. */
export const refreshWhilePaying = (items: Withdrawal[]) =>
  items.some((w) => w.payout_state === 'queued' || w.payout_state === 'broadcast') ? 3000 : false;

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

/**
 * One withdrawal as a record row: amount, fee and receive, the address, when, and its state. The member's
 * list puts the state on the main line; the admin review puts who asked there and the state with the time.
 */
export function WithdrawalRecord({ w, testId, statusLabel, userid, payout, receiveLabel, children }: Props) {
  const { t } = useTranslation();
  const amount = <Money value={w.amount} asset={w.asset} testId={`${testId}-amount`} />;
  const status = (
    <span className={`record-status status-${w.status}`} data-testid={`${testId}-status`}>
      {statusLabel}
    </span>
  );
  const address = (
    <span className="record-address" data-testid={`${testId}-address`}>
      {w.address_type} {w.address}
    </span>
  );
  const time = <When at={w.created_at} kind="relative" testId={`${testId}-time`} />;
  return (
    <article className="record-row" data-testid={testId} data-status={w.status}>
      <div className="record-main">
        {userid === undefined ? (
          <>
            {amount}
            {status}
          </>
        ) : (
          <>
            <strong data-testid={`${testId}-userid`}>{userid}</strong>
            {amount}
          </>
        )}
      </div>
      <div className="record-sub">
        <span>
          {t('common:money.fee')} <Money value={w.fee} asset={w.asset} testId={`${testId}-fee`} />
        </span>
        <span>
          {receiveLabel ?? t('common:money.receive')}{' '}
          <Money value={w.receive} asset={w.asset} testId={`${testId}-receive`} />
        </span>
      </div>
      {userid === undefined ? (
        <div className="record-sub">
          {address}
          {time}
        </div>
      ) : (
        <>
          <div className="record-sub">{address}</div>
          <div className="record-sub">
            {time}
            {status}
          </div>
        </>
      )}
      {w.payout_state && payout ? <PayoutLine w={w} testId={testId} words={payout} /> : null}
      {children}
    </article>
  );
}

/** The payout's state, its transaction (shortened, in full on hover; a link when it has an explorer), why it failed. */
function PayoutLine({
  w,
  testId,
  words,
}: {
  w: Withdrawal;
  testId: string;
  words: NonNullable<Props['payout']>;
}) {
  return (
    <div className="record-sub payout-line" data-testid={`${testId}-payout`} data-payout={w.payout_state}>
      <span className={`payout-state payout-${w.payout_state}`}>{words.label}</span>
      {w.tx_hash ? (
        <span className="payout-tx">
          {words.tx}{' '}
          {w.explorer_url ? (
            <a
              href={w.explorer_url}
              target="_blank"
              rel="noreferrer"
              title={w.tx_hash}
              data-testid={`${testId}-tx`}
            >
              {shortHash(w.tx_hash)}
            </a>
          ) : (
            <span data-testid={`${testId}-tx`} title={w.tx_hash}>
              {shortHash(w.tx_hash)}
            </span>
          )}
        </span>
      ) : null}
      {w.payout_state === 'failed' && w.payout_error ? (
        <span className="field-error" data-testid={`${testId}-payout-error`}>
          {words.error}
        </span>
      ) : null}
    </div>
  );
}
