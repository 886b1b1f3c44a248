// The first-run intro's three pictures (IntroPage): mine in the cloud, grow your team, your wallets safe. Drawn at
// twice their shown size (280 x 240 CSS pixels) on a transparent ground with a round cream backdrop.
import {
  btcCoin,
  C,
  circle,
  cloud,
  g,
  line,
  miner,
  person,
  type Scene,
  shadow,
  shieldCheck,
  sparkles,
  star,
  svgDoc,
  usdtCoin,
  wallet,
} from './draw.ts';

const W = 560;
const H = 480;

/** The round backdrop every intro picture stands on. */
const backdrop = (seed: number) =>
  circle(W / 2, H / 2, 220, C.cream) +
  circle(W / 2, H / 2, 170, C.brandPale, 'opacity="0.6"') +
  sparkles(W, H, 12, C.brand, seed);

const mine = () =>
  backdrop(3) +
  cloud(280, 130, 1.1, C.white) +
  btcCoin(280, 118, 38) +
  [-40, 0, 40]
    .map((dx) => line(280 + dx, 300, 280 + dx * 0.6, 190, C.brand, 6, 'stroke-dasharray="4 16"'))
    .join('') +
  miner(150, 290, 260, 110, 20) +
  shadow(280, 416, 150, 10, 0.2) +
  star(450, 110, 16, C.brand);

const team = () => {
  const spots: [number, number, number, string][] = [
    [280, 150, 1.3, C.brand],
    [170, 320, 1.05, C.dark2],
    [390, 320, 1.05, C.blue],
  ];
  let s =
    backdrop(5) +
    line(280, 200, 170, 280, C.dark3, 6, 'opacity="0.5"') +
    line(280, 200, 390, 280, C.dark3, 6, 'opacity="0.5"');
  spots.forEach(([x, y, k, shirt], i) => {
    s += circle(x, y + 4, 62 * k, '#000', 'opacity="0.1"') + circle(x, y, 62 * k, C.white);
    s += `<clipPath id="p${i}"><circle cx="${x}" cy="${y}" r="${56 * k}"/></clipPath>`;
    s += `<g clip-path="url(#p${i})">${circle(x, y, 56 * k, C.cream)}${person(x, y + 8 * k, k, shirt)}</g>`;
  });
  return s + g('translate(0 0)', usdtCoin(440, 150, 26) + star(120, 170, 14, C.brand));
};

const safe = () =>
  backdrop(7) +
  wallet(130, 210, 250, 170) +
  usdtCoin(190, 175, 34) +
  btcCoin(260, 160, 28) +
  shieldCheck(425, 300, 1.2) +
  shadow(270, 410, 170, 10, 0.2);

export const INTRO_SCENES: Scene[] = [
  { file: 'intro-1.webp', width: W, height: H, svg: svgDoc(W, H, mine()) },
  { file: 'intro-2.webp', width: W, height: H, svg: svgDoc(W, H, team()) },
  { file: 'intro-3.webp', width: W, height: H, svg: svgDoc(W, H, safe()) },
];
