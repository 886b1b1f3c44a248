import { useEffect, useState } from 'react';

export type StreamTicker = {
  symbol: string;
  last: string;
  open_24h: string;
  high_24h: string;
  low_24h: string;
  volume_24h: string;
  simulated: boolean;
};

/**
 * Live tickers from the server's stream (Server-Sent Events, /api/stream/tickers): the browser keeps one connection
 * and reconnects by itself, so prices move on screen without polling. Empty until the first tick arrives.
 */
export function useTickers(symbols?: string[]): Record<string, StreamTicker> {
  const [tickers, setTickers] = useState<Record<string, StreamTicker>>({});
  const key = symbols?.join(',') ?? '';
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/stream/tickers${key ? `?symbols=${encodeURIComponent(key)}` : ''}`);
    source.addEventListener('tickers', (e) => {
      const msg = JSON.parse((e as MessageEvent<string>).data) as { tickers: StreamTicker[] };
      setTickers((prev) => {
        const next = { ...prev };
        for (const t of msg.tickers) next[t.symbol] = t;
        return next;
      });
    });
    return () => source.close();
  }, [key]);
  return tickers;
}

export const changeOf = (t: { last: string; open_24h: string }) => {
  const open = Number(t.open_24h);
  return open > 0 ? (((Number(t.last) - open) / open) * 100).toFixed(2) : '0.00';
};
