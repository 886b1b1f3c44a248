import type { OperationInput } from './operation.ts';
import type { Leg } from './post.ts';

/** One leg as ledger_post_single and ledger_post_batch take it: account ids, amount as text. */
export type Wire = {
  d: string;
  c: string;
  a: string;
  asset: string;
  kind: string;
  ref: string;
  details: Record<string, string>;
  p: boolean;
};

/** Legs with their accounts' ids (`ids`: each leg's debit then credit), as the posting functions take them. */
export function toWire(legs: Leg[], ids: readonly string[]): Wire[] {
  return legs.map((l, i) => {
    if (l.debit.asset !== l.credit.asset) throw new Error('ledger: legs must move one asset');
    return {
      d: ids[2 * i]!,
      c: ids[2 * i + 1]!,
      a: l.amount.toString(),
      asset: l.debit.asset,
      kind: l.kind,
      ref: l.reference ?? '',
      details: l.details ?? {},
      p: Boolean(l.pending),
    };
  });
}

/** The legs' columns in the order ledger_post_single and ledger_post_batch take them: debit, credit, amount... */
export const legColumns = (legs: Wire[]) => [
  legs.map((l) => l.d),
  legs.map((l) => l.c),
  legs.map((l) => l.a),
  legs.map((l) => l.asset),
  legs.map((l) => l.kind),
  legs.map((l) => l.ref),
  legs.map((l) => JSON.stringify(l.details)),
  legs.map((l) => l.p),
];

/** A single-set operation ready for the database: its request hash, legs, and members who must be active. */
export type Posting = { input: OperationInput; hash: Buffer; wire: Wire[]; active: string[] };

/** What became of a posting; `insufficient` and `inactive` wrote nothing. */
export type PostRow = {
  op_id: string;
  op_created_at: Date;
  op_hash: Buffer;
  op_result: { afters: { da: string; ca: string }[] };
  outcome: 'posted' | 'existing' | 'insufficient' | 'inactive';
};
