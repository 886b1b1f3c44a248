// The demo's short video (6 s, 640x360): a miner's fans spin, hash rises into the cloud, USDT coins fall from it into
// the wallet, whose income bar fills; a check closes it. Each frame is an SVG of time t (make.ts records them).
import {
  btcCoin,
  C,
  circle,
  cloud,
  darkStage,
  g,
  line,
  miner,
  rect,
  type Scene,
  shieldCheck,
  svgDoc,
  usdtCoin,
  wallet,
} from './draw.ts';

export const VIDEO = {
  file: 'video-mining.webm',
  width: 640,
  height: 360,
  fps: 25,
  seconds: 6,
  bitrate: 450_000,
};

const CLOUD = { x: 300, y: 96 };
const WALLET = { x: 430, y: 210, w: 170, h: 110 };
/** Coins leave the cloud from 1 s, one every 0.6 s, and take 1.1 s to land in the wallet. */
const COIN_START = 1;
const COIN_EVERY = 0.6;
const COIN_FLIGHT = 1.1;
const COINS = 6;

const ease = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x * x * (3 - 2 * x));

/** A coin in flight: along a curve from the cloud to the wallet's mouth, shrinking as it drops in. */
function coinAt(k: number): string {
  const x0 = CLOUD.x + 20;
  const y0 = CLOUD.y + 40;
  const x1 = WALLET.x + WALLET.w * 0.45;
  const y1 = WALLET.y - 10;
  const cx = (x0 + x1) / 2 + 20;
  const cy = y0 - 60;
  const u = ease(k);
  const x = (1 - u) ** 2 * x0 + 2 * (1 - u) * u * cx + u * u * x1;
  const y = (1 - u) ** 2 * y0 + 2 * (1 - u) * u * cy + u * u * y1;
  return usdtCoin(x, y, 22 * (1 - 0.35 * u));
}

function frame(t: number): string {
  const { width: w, height: h } = VIDEO;
  let coins = '';
  let landed = 0;
  for (let i = 0; i < COINS; i++) {
    const k = (t - COIN_START - i * COIN_EVERY) / COIN_FLIGHT;
    if (k >= 1) landed++;
    else if (k > 0) coins += coinAt(k);
  }
  const dash = -((t * 60) % 20);
  const streams = [-36, 0, 36]
    .map((dx) =>
      line(
        150 + dx,
        200,
        CLOUD.x - 60 + dx * 0.5,
        CLOUD.y + 40,
        C.brand,
        5,
        `stroke-dasharray="4 16" stroke-dashoffset="${dash}"`,
      ),
    )
    .join('');
  const fill = landed / COINS;
  const bar =
    rect(WALLET.x, WALLET.y + WALLET.h + 18, WALLET.w, 14, 7, C.dark3) +
    rect(WALLET.x, WALLET.y + WALLET.h + 18, Math.max(14, WALLET.w * fill), 14, 7, C.brand);
  const pop = ease((t - 5.1) / 0.4);
  const check =
    pop > 0
      ? g(
          `translate(${WALLET.x + WALLET.w} ${WALLET.y - 10}) scale(${pop})`,
          shieldCheck(0, 0, 0.55, C.green),
        )
      : '';
  const body =
    darkStage(w, h) +
    streams +
    cloud(CLOUD.x, CLOUD.y, 0.9, C.white) +
    btcCoin(CLOUD.x, CLOUD.y - 6, 26) +
    miner(50, 200, 200, 90, t * 540) +
    wallet(WALLET.x, WALLET.y, WALLET.w, WALLET.h) +
    coins +
    bar +
    check +
    circle(WALLET.x + 30, WALLET.y + 30, 0, C.white);
  return svgDoc(w, h, body);
}

/** Every frame of the video, in order. */
export function videoFrames(): string[] {
  return Array.from({ length: VIDEO.fps * VIDEO.seconds }, (_, i) => frame(i / VIDEO.fps));
}

/** The video's poster (shown before it plays): the frame at 3 s, coins in flight. */
export const VIDEO_POSTER: Scene = {
  file: 'video-poster.webp',
  width: VIDEO.width,
  height: VIDEO.height,
  svg: frame(3),
};
