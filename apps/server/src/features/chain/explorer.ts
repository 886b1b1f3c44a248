import type { ChainConfig } from '../../config.ts';

/** A transaction or address on the chain's explorer: <explorer>/tx/<hash>; '' without an explorer. */
export function explorerUrl(
  chain: ChainConfig | undefined,
  kind: 'tx' | 'address',
  id: string | null,
): string {
  return chain?.explorer && id ? `${chain.explorer.replace(/\/$/, '')}/${kind}/${id}` : '';
}
