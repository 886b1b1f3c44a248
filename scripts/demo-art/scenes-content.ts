// The demo content's pictures: home sliders (750x300), news, guides, training and promotion covers (750x400).
import {
  background,
  btcCoin,
  C,
  calendar,
  chartCard,
  circle,
  cloud,
  darkStage,
  g,
  gift,
  idCard,
  line,
  miner,
  padlock,
  path,
  person,
  phone,
  rect,
  robot,
  type Scene,
  shadow,
  shieldCheck,
  sparkles,
  star,
  svgDoc,
  usdtCoin,
} from './draw.ts';

const W = 750;

/** A light stage: cream to pale orange, with a large soft circle behind the picture. */
function lightStage(w: number, h: number, seed = 5): string {
  return (
    background(w, h, C.cream, C.brandPale) +
    circle(w * 0.5, h * 0.55, h * 0.42, C.white, 'opacity="0.55"') +
    sparkles(w, h, 18, C.brand, seed)
  );
}

/** Hash rising from a miner into the cloud, as dashed streams. */
function hashStreams(x: number, y0: number, y1: number): string {
  return [-40, 0, 40]
    .map((dx) => line(x + dx, y0, x + dx * 0.6, y1, C.brand, 5, 'stroke-dasharray="4 14" opacity="0.9"'))
    .join('');
}

function sliderMining(): Scene {
  const h = 300;
  const body =
    darkStage(W, h) +
    cloud(560, 88, 0.95, C.white, 'opacity="0.95"') +
    btcCoin(560, 78, 30) +
    hashStreams(560, 230, 140) +
    miner(440, 190, 240, 96, 20) +
    shadow(560, 292, 140, 8, 0.35) +
    g('translate(0 0)', usdtCoin(380, 120, 22) + btcCoin(700, 200, 18)) +
    // Left side: three growing bars, the income, kept low so the slider's own title can sit above if shown.
    rect(70, 190, 36, 70, 8, C.brandPale, 'opacity="0.25"') +
    rect(120, 160, 36, 100, 8, C.brandPale, 'opacity="0.35"') +
    rect(170, 120, 36, 140, 8, C.brand) +
    path(
      'M60 150 L120 120 L170 90 L222 60',
      'none',
      `stroke="${C.white}" stroke-width="5" stroke-linecap="round"`,
    ) +
    path(
      'M206 56 L224 58 L220 76',
      'none',
      `stroke="${C.white}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"`,
    );
  return { file: 'slider-mining.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function sliderCheckIn(): Scene {
  const h = 300;
  const body =
    lightStage(W, h, 9) +
    calendar(300, 60, 230, 200, 5) +
    g('translate(0 0)', usdtCoin(590, 210, 34) + usdtCoin(640, 170, 26) + usdtCoin(660, 240, 22)) +
    gift(150, 180, 1.1) +
    star(600, 80, 16, C.brand) +
    star(240, 60, 10, C.dark2);
  return { file: 'slider-checkin.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function sliderBots(): Scene {
  const h = 300;
  const body =
    darkStage(W, h) +
    chartCard(380, 70, 300, 180, [0.3, 0.45, 0.38, 0.6, 0.55, 0.8, 0.95]) +
    robot(250, 160, 1.2) +
    shadow(250, 252, 80, 8, 0.35) +
    usdtCoin(110, 110, 26) +
    btcCoin(140, 210, 20);
  return { file: 'slider-bots.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function newsMining(): Scene {
  const h = 400;
  const body =
    darkStage(W, h) +
    cloud(375, 110, 1.3, C.white) +
    btcCoin(375, 100, 40) +
    hashStreams(375, 280, 170) +
    miner(175, 260, 190, 88, 30) +
    miner(385, 260, 190, 88, 10) +
    shadow(375, 362, 230, 10, 0.35) +
    usdtCoin(120, 140, 26) +
    usdtCoin(640, 170, 30);
  return { file: 'news-mining.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

/** A binary team: the member on top, two legs of two below, joined by lines. */
function newsTeam(): Scene {
  const h = 400;
  const nodes: [number, number, string][] = [
    [375, 95, C.brand],
    [225, 210, C.dark2],
    [525, 210, C.dark2],
    [150, 320, C.blue],
    [300, 320, C.green],
    [450, 320, C.blue],
    [600, 320, C.green],
  ];
  const links = [
    [0, 1],
    [0, 2],
    [1, 3],
    [1, 4],
    [2, 5],
    [2, 6],
  ] as const;
  let body = lightStage(W, h, 3);
  for (const [a, b] of links) {
    const [x1, y1] = nodes[a] as [number, number, string];
    const [x2, y2] = nodes[b] as [number, number, string];
    body += line(x1, y1 + 20, x2, y2 - 30, C.dark3, 5, 'opacity="0.5"');
  }
  nodes.forEach(([x, y, shirt], i) => {
    const r = i === 0 ? 52 : 42;
    body += circle(x, y + 4, r, '#000', 'opacity="0.12"') + circle(x, y, r, C.white);
    body += `<clipPath id="c${i}"><circle cx="${x}" cy="${y}" r="${r - 5}"/></clipPath>`;
    body += `<g clip-path="url(#c${i})">${circle(x, y, r - 5, i === 0 ? C.brandPale : C.cream)}${person(x, y + 6, r / 52, shirt)}</g>`;
  });
  body +=
    star(470, 80, 16, C.brand) + star(280, 70, 10, C.brand) + usdtCoin(660, 110, 28) + usdtCoin(95, 150, 22);
  return { file: 'news-team.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function newsCheckIn(): Scene {
  const h = 400;
  const body =
    lightStage(W, h, 13) +
    calendar(235, 80, 280, 250, 6) +
    usdtCoin(590, 280, 40) +
    usdtCoin(630, 200, 30) +
    usdtCoin(150, 250, 34) +
    usdtCoin(110, 320, 24) +
    star(580, 90, 18, C.brand) +
    star(170, 110, 14, C.dark2);
  return { file: 'news-checkin.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function training(): Scene {
  const h = 400;
  const board =
    rect(200, 60, 350, 220, 16, C.dark2) +
    rect(214, 74, 322, 192, 10, C.white) +
    chartCard(236, 96, 150, 150, [0.3, 0.5, 0.7, 0.95]) +
    rect(410, 110, 100, 14, 7, C.brand) +
    rect(410, 140, 80, 12, 6, C.light) +
    rect(410, 166, 90, 12, 6, C.light) +
    rect(410, 192, 60, 12, 6, C.light) +
    line(375, 280, 330, 360, C.dark3, 8) +
    line(375, 280, 420, 360, C.dark3, 8);
  const body =
    lightStage(W, h, 21) +
    board +
    person(130, 300, 1.3, C.brand) +
    person(630, 300, 1.3, C.blue, C.skin2) +
    person(560, 330, 1.1, C.green);
  return { file: 'training.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

function promo(): Scene {
  const h = 400;
  const body =
    darkStage(W, h) +
    gift(375, 230, 1.7) +
    btcCoin(210, 150, 36) +
    usdtCoin(540, 130, 32) +
    btcCoin(590, 270, 24) +
    star(270, 70, 20, C.brand) +
    star(480, 60, 14, C.white) +
    star(160, 290, 12, C.white);
  return { file: 'promo.webp', width: W, height: h, svg: svgDoc(W, h, body) };
}

/** The beginners guide's four steps: sign up, transaction password, identity, first package. */
function guides(): Scene[] {
  const h = 400;
  const signUp =
    lightStage(W, h, 2) +
    phone(
      290,
      40,
      170,
      330,
      `${circle(85, 100, 36, C.brandPale)}${person(85, 104, 0.7, C.brand)}${rect(22, 160, 126, 26, 8, C.light)}${rect(22, 198, 126, 26, 8, C.light)}${rect(22, 246, 126, 32, 10, C.brand)}`,
    ) +
    person(560, 270, 1.5, C.dark2) +
    star(180, 120, 16, C.brand);
  const txPassword =
    lightStage(W, h, 4) +
    padlock(375, 200, 2.2) +
    [0, 1, 2, 3, 4, 5].map((i) => circle(230 + i * 58, 340, 12, C.dark2)).join('');
  const identity = lightStage(W, h, 6) + idCard(190, 100, 330, 210) + shieldCheck(560, 260, 1.2, C.green);
  const firstPackage =
    darkStage(W, h) +
    miner(250, 170, 250, 110, 15) +
    shadow(375, 298, 150, 10, 0.35) +
    cloud(375, 90, 0.7, C.white) +
    btcCoin(375, 84, 24) +
    usdtCoin(590, 220, 30) +
    usdtCoin(150, 200, 24);
  return [
    { file: 'guide-signup.webp', width: W, height: h, svg: svgDoc(W, h, signUp) },
    { file: 'guide-txpassword.webp', width: W, height: h, svg: svgDoc(W, h, txPassword) },
    { file: 'guide-identity.webp', width: W, height: h, svg: svgDoc(W, h, identity) },
    { file: 'guide-package.webp', width: W, height: h, svg: svgDoc(W, h, firstPackage) },
  ];
}

export const CONTENT_SCENES: Scene[] = [
  sliderMining(),
  sliderCheckIn(),
  sliderBots(),
  newsMining(),
  newsTeam(),
  newsCheckIn(),
  training(),
  promo(),
  ...guides(),
];
