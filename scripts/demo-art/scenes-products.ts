// The demo shop's product pictures (480x480), one per product in system/demo-products.ts, in its order.
import { background, C, circle, g, path, rect, type Scene, shadow, sparkles, svgDoc } from './draw.ts';

const S = 480;

/** A product's stage: a soft two-tone background, a round plate of light, the ground shadow. */
function stage(top: string, bottom: string, seed: number): string {
  return (
    background(S, S, top, bottom) +
    circle(240, 230, 170, C.white, 'opacity="0.5"') +
    sparkles(S, S, 10, C.white, seed) +
    shadow(240, 410, 170, 16, 0.14)
  );
}

/** A bottle: cap, shoulder, body and a label band. */
function bottle(
  x: number,
  w: number,
  h: number,
  body: string,
  cap: string,
  label: string,
  extra = '',
): string {
  const top = 410 - h;
  return (
    rect(x + w * 0.28, top - 34, w * 0.44, 40, 8, cap) +
    rect(x + w * 0.22, top - 6, w * 0.56, 20, 6, cap, 'opacity="0.85"') +
    path(
      `M${x + w * 0.22} ${top + 12} Q${x} ${top + 24} ${x} ${top + 70} V${410 - 12} Q${x} 410 ${x + 12} 410 H${x + w - 12} Q${x + w} 410 ${x + w} ${410 - 12} V${top + 70} Q${x + w} ${top + 24} ${x + w * 0.78} ${top + 12}Z`,
      body,
    ) +
    rect(x, top + h * 0.36, w, h * 0.38, 0, label) +
    rect(x + w * 0.1, top + 60, w * 0.1, h * 0.7, 6, C.white, 'opacity="0.3"') +
    extra
  );
}

function vitaminC(): Scene {
  let slice = circle(0, 0, 70, '#f08a00') + circle(0, 0, 62, '#ffd27a');
  for (let i = 0; i < 8; i++)
    slice += path('M0 0 L-14 -52 Q0 -58 14 -52Z', '#ffb020', `transform="rotate(${i * 45})"`);
  slice += circle(0, 0, 7, '#fff1c9');
  const body =
    stage('#fff3da', '#ffd79a', 3) +
    bottle(
      130,
      150,
      250,
      C.white,
      C.brand,
      C.brand,
      circle(205, 290, 30, C.white) + rect(188, 286, 34, 8, 4, C.brand) + rect(201, 273, 8, 34, 4, C.brand),
    ) +
    g('translate(345 330)', slice) +
    `<ellipse cx="320" cy="402" rx="26" ry="12" fill="${C.white}" stroke="#f0c060" stroke-width="3"/>` +
    `<ellipse cx="380" cy="410" rx="24" ry="11" fill="${C.white}" stroke="#f0c060" stroke-width="3"/>`;
  return { file: 'product-1.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

function collagen(): Scene {
  const vial = (x: number, h: number) =>
    rect(x + 14, 410 - h - 26, 32, 28, 6, C.dark2) +
    rect(x, 410 - h, 60, h, 14, '#ffffff', 'opacity="0.9"') +
    rect(x + 5, 410 - h * 0.8, 50, h * 0.8 - 5, 10, '#ff9c8a') +
    rect(x + 5, 410 - h * 0.5, 50, h * 0.22, 0, C.white, 'opacity="0.7"') +
    rect(x + 10, 410 - h + 10, 8, h * 0.6, 4, C.white, 'opacity="0.6"');
  const peach =
    circle(345, 345, 62, '#ffb08a') +
    circle(325, 335, 50, '#ffc4a0') +
    path('M345 285 Q340 300 346 312', 'none', `stroke="${C.dark3}" stroke-width="6" stroke-linecap="round"`) +
    path('M348 292 C370 268 400 276 404 284 C390 296 366 300 348 292Z', '#4caf6e');
  const body = stage('#fff0ea', '#ffc9b6', 8) + vial(95, 230) + vial(165, 260) + vial(235, 200) + peach;
  return { file: 'product-2.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

function fishOil(): Scene {
  const capsule = (x: number, y: number, a: number) =>
    g(
      `translate(${x} ${y}) rotate(${a})`,
      `<ellipse cx="0" cy="0" rx="34" ry="18" fill="#f2a900"/><ellipse cx="-6" cy="-6" rx="18" ry="5" fill="#ffe08a" opacity="0.8"/>`,
    );
  const fish = g(
    'translate(350 170)',
    path('M-60 0 C-30 -36 30 -36 50 0 C30 36 -30 36 -60 0Z', '#4a7fd6') +
      path('M46 0 L84 -28 L76 0 L84 28Z', '#3a64ad') +
      circle(-34, -6, 6, C.white) +
      circle(-34, -6, 3, C.dark) +
      path('M-10 -20 Q0 0 -10 20', 'none', 'stroke="#3a64ad" stroke-width="4"'),
  );
  const body =
    stage('#eef5ff', '#c9dcff', 5) +
    bottle(
      95,
      160,
      270,
      '#b5651d',
      C.dark2,
      C.brand,
      circle(175, 300, 24, C.white, 'opacity="0.9"') + capsule(175, 300, -30),
    ) +
    fish +
    capsule(320, 380, 10) +
    capsule(385, 360, -25) +
    capsule(350, 320, 35);
  return { file: 'product-3.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

function toothpaste(): Scene {
  const bamboo = (x: number, h: number) => {
    let s = '';
    for (let y = 410 - h; y < 410; y += 70)
      s += rect(x, y, 30, 64, 8, '#6bbf59') + rect(x - 3, y + 62, 36, 8, 4, '#4e9a3f');
    return (
      s +
      path(
        `M${x + 30} ${430 - h} C${x + 70} ${410 - h} ${x + 90} ${440 - h} ${x + 100} ${460 - h} C${x + 70} ${465 - h} ${x + 44} ${450 - h} ${x + 30} ${430 - h}Z`,
        '#6bbf59',
      )
    );
  };
  const tube = g(
    'translate(200 270) rotate(-18) scale(0.82)',
    path('M-150 -50 H120 L150 -40 V40 L120 50 H-150Z', C.dark) +
      rect(-150, -50, 40, 100, 4, '#2f2f2f') +
      rect(-70, -50, 90, 100, 0, '#6bbf59') +
      rect(150, -24, 40, 48, 6, C.dark3) +
      rect(-130, -40, 230, 10, 5, C.white, 'opacity="0.15"'),
  );
  const body = stage('#eef9ea', '#c6ebb8', 2) + bamboo(340, 300) + bamboo(390, 220) + tube;
  return { file: 'product-4.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

function garlicHoney(): Scene {
  const jar =
    rect(110, 150, 200, 34, 10, C.dark2) +
    path(
      'M100 190 H320 Q340 190 340 220 V392 Q340 410 320 410 H100 Q80 410 80 392 V220 Q80 190 100 190Z',
      '#e39b16',
    ) +
    path('M96 250 Q210 222 324 250 V392 Q324 398 318 398 H102 Q96 398 96 392Z', '#f5b531') +
    rect(80, 280, 260, 70, 0, C.white, 'opacity="0.85"') +
    g('translate(210 315) scale(0.5)', garlic()) +
    rect(96, 206, 14, 170, 7, C.white, 'opacity="0.3"');
  const dipper =
    path('M356 120 L410 70', 'none', `stroke="#a0652a" stroke-width="10" stroke-linecap="round"`) +
    g(
      'translate(350 128) rotate(-42)',
      `<rect x="-22" y="-18" width="44" height="36" rx="12" fill="#c58a3a"/>${[-10, 0, 10].map((d) => `<rect x="${d - 2}" y="-18" width="4" height="36" fill="#a0652a"/>`).join('')}`,
    ) +
    path('M350 150 Q348 180 354 200 Q358 214 350 216 Q342 214 346 200 Q350 180 348 150Z', '#f5b531');
  const body = stage('#fff6e0', '#ffd98a', 4) + jar + dipper + g('translate(400 370) scale(0.7)', garlic());
  return { file: 'product-5.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

/** A black garlic bulb. */
function garlic(): string {
  return (
    path('M0 -70 C-60 -40 -80 30 -40 56 C-20 68 20 68 40 56 C80 30 60 -40 0 -70Z', '#3a2f2a') +
    path('M0 -70 C-20 -30 -24 30 -12 62', 'none', 'stroke="#5a4a40" stroke-width="5"') +
    path('M0 -70 C20 -30 24 30 12 62', 'none', 'stroke="#5a4a40" stroke-width="5"') +
    path('M-4 -70 Q0 -96 10 -100', 'none', 'stroke="#5a4a40" stroke-width="8" stroke-linecap="round"')
  );
}

function aloe(): Scene {
  const leaf = (a: number, len: number, shade: string) =>
    g(
      `translate(340 410) rotate(${a})`,
      path(
        `M-16 0 C-20 ${-len * 0.5} -6 ${-len * 0.9} 0 ${-len} C6 ${-len * 0.9} 20 ${-len * 0.5} 16 0Z`,
        shade,
      ),
    );
  const pump =
    rect(140, 110, 110, 20, 6, C.dark2) +
    rect(185, 110, 20, 56, 4, C.dark2) +
    rect(170, 160, 50, 22, 6, C.dark3) +
    path(
      'M130 190 Q130 178 146 178 H244 Q260 178 260 190 V400 Q260 410 250 410 H140 Q130 410 130 400Z',
      '#e9f7ec',
    ) +
    rect(130, 250, 130, 100, 0, '#59b86a') +
    g(
      'translate(195 300)',
      path('M0 -34 C-24 -10 -20 20 0 34 C20 20 24 -10 0 -34Z', C.white, 'opacity="0.9"'),
    ) +
    rect(142, 196, 12, 190, 6, C.white, 'opacity="0.6"');
  const body =
    stage('#effaf0', '#bfe8c4', 6) +
    leaf(-40, 210, '#3f9a52') +
    leaf(-12, 250, '#4caf60') +
    leaf(18, 220, '#3f9a52') +
    leaf(44, 170, '#5cbf70') +
    pump;
  return { file: 'product-6.webp', width: S, height: S, svg: svgDoc(S, S, body) };
}

export const PRODUCT_SCENES: Scene[] = [
  vitaminC(),
  collagen(),
  fishOil(),
  toothpaste(),
  garlicHoney(),
  aloe(),
];
