/** How long the browser waits for the chain node: a check that hangs would look like one still running. */
const RPC_TIMEOUT_MS = 15_000;

/** What the chain node says about a transaction (the fields the anchor check reads); null when it knows none. */
export type ChainTx = { from: string; to: string | null; input: string; blockNumber: string | null };

/** The chain node did not answer, or answered with an error (its message kept for the screen). */
export class RpcError extends Error {
  override readonly name = 'RpcError';
}

/**
 * One JSON-RPC call, a plain fetch to the chain node: no library between the member's browser and the chain, so
 * what is compared is what the node sent.
 */
export async function rpcCall<T>(url: string, method: string, params: unknown[]): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    });
  } catch (e) {
    throw new RpcError(e instanceof Error ? e.message : String(e));
  }
  const body = (await res.json().catch(() => null)) as { result?: T; error?: { message?: string } } | null;
  if (!res.ok || !body || body.error) throw new RpcError(body?.error?.message ?? `HTTP ${res.status}`);
  return body.result as T;
}

export const getTransaction = (url: string, hash: string) =>
  rpcCall<ChainTx | null>(url, 'eth_getTransactionByHash', [hash]);

/** The chain's id as a number (the node answers hex). */
export const getChainId = async (url: string) => Number(await rpcCall<string>(url, 'eth_chainId', []));
