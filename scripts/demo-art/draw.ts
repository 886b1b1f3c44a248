// Drawing pieces for the demo's art (make.ts): flat shapes as SVG strings, in the brand's colours. No text: the
// pictures are shown in three languages, so they carry only shapes (and a symbol where one reads the same anywhere).

export const C = {
  brand: '#ffaa00',
  brandLight: '#ffc74d',
  brandPale: '#ffe6a8',
  cream: '#fff6e0',
  dark: '#1f1f1f',
  dark2: '#2d2d2d',
  dark3: '#3d3d3d',
  grey: '#8a8a8a',
  light: '#ececec',
  white: '#ffffff',
  green: '#26a17b',
  greenLight: '#5cc9a3',
  skin: '#f2c7a0',
  skin2: '#c98f63',
  hair: '#2b2118',
  blue: '#4a7fd6',
};

export type Scene = {
  /** File name under the output folder, with its extension (.webp, .jpg or .png). */
  file: string;
  width: number;
  height: number;
  svg: string;
};

export function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A vertical gradient background; `id` must be unique in the picture. */
export function background(w: number, h: number, top: string, bottom: string, id = 'bg'): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

export const g = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;

export const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`;

export const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = '',
) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;

/** A soft ground shadow under an object. */
export const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.18) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="${opacity}"/>`;

/** Scattered round dots and rings as decoration, placed by a fixed seed so every run draws the same picture. */
export function sparkles(w: number, h: number, count: number, color: string, seed = 7): string {
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(rnd() * w);
    const y = Math.round(rnd() * h);
    const r = 2 + Math.round(rnd() * 5);
    out +=
      i % 3 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r + 2}" fill="none" stroke="${color}" stroke-width="2" opacity="0.35"/>`
        : circle(x, y, r, color, 'opacity="0.45"');
  }
  return out;
}

/** A four-pointed sparkle star. */
export function star(cx: number, cy: number, r: number, fill: string): string {
  const k = r * 0.28;
  return path(
    `M${cx} ${cy - r} Q${cx + k} ${cy - k} ${cx + r} ${cy} Q${cx + k} ${cy + k} ${cx} ${cy + r} Q${cx - k} ${cy + k} ${cx - r} ${cy} Q${cx - k} ${cy - k} ${cx} ${cy - r}Z`,
    fill,
  );
}

/** A cloud: overlapping circles on a flat base. */
export function cloud(cx: number, cy: number, s: number, fill: string, extra = ''): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    `<g fill="${fill}" ${extra}><circle cx="-55" cy="10" r="38"/><circle cx="-8" cy="-18" r="52"/><circle cx="48" cy="4" r="40"/><rect x="-92" y="10" width="180" height="40" rx="20"/></g>`,
  );
}

/** A bitcoin-style coin: a rim, a face and a "B" with two strokes, drawn as shapes. */
export function btcCoin(cx: number, cy: number, r: number): string {
  const k = r / 40;
  const b = g(
    `translate(${cx} ${cy}) scale(${k})`,
    `${rect(-8, -29, 5, 12, 2, C.white)}${rect(2, -29, 5, 12, 2, C.white)}${rect(-8, 17, 5, 12, 2, C.white)}${rect(2, 17, 5, 12, 2, C.white)}` +
      path(
        'M-12 -20 V20 M-16 -20 H6 C20 -20 20 -2 6 -2 H-12 M-12 -2 H9 C24 -2 24 20 9 20 H-16',
        'none',
        `stroke="${C.white}" stroke-width="7" stroke-linejoin="round"`,
      ),
  );
  return `${circle(cx, cy + r * 0.08, r, '#c77800')}${circle(cx, cy, r, C.brand)}${circle(cx, cy, r * 0.8, C.brandLight)}${circle(cx, cy, r * 0.8, 'none', `stroke="#e69500" stroke-width="${r * 0.05}"`)}${b}`;
}

/** A USDT-style coin: green, with a bar-and-stem "T". */
export function usdtCoin(cx: number, cy: number, r: number): string {
  const k = r / 40;
  const t = g(
    `translate(${cx} ${cy}) scale(${k})`,
    `${rect(-20, -22, 40, 9, 2, C.white)}${rect(-5, -16, 10, 40, 2, C.white)}<ellipse cx="0" cy="-2" rx="22" ry="6" fill="none" stroke="${C.white}" stroke-width="4"/>`,
  );
  return `${circle(cx, cy + r * 0.08, r, '#1b7a5c')}${circle(cx, cy, r, C.green)}${circle(cx, cy, r * 0.8, 'none', `stroke="${C.greenLight}" stroke-width="${r * 0.05}"`)}${t}`;
}

/** A fan with four blades, turned by `angle` degrees (the video spins it). */
export function fan(cx: number, cy: number, r: number, angle = 0): string {
  let blades = '';
  for (let i = 0; i < 4; i++)
    blades += path(
      `M0 0 C${r * 0.2} ${-r * 0.3} ${r * 0.55} ${-r * 0.55} ${r * 0.78} ${-r * 0.3} C${r * 0.6} ${-r * 0.05} ${r * 0.3} ${r * 0.05} 0 0Z`,
      C.dark3,
      `transform="rotate(${angle + i * 90})"`,
    );
  return g(
    `translate(${cx} ${cy})`,
    `${circle(0, 0, r, C.dark)}${circle(0, 0, r * 0.92, '#262626')}${blades}${circle(0, 0, r * 0.2, C.brand)}`,
  );
}

/** An ASIC miner: a dark box with two fans and status lights; `on` lights the LEDs in brand orange. */
export function miner(x: number, y: number, w: number, h: number, angle = 0, on = true): string {
  const fr = Math.min(h * 0.36, w * 0.2);
  let leds = '';
  for (let i = 0; i < 3; i++)
    leds += circle(x + w * 0.42 + i * w * 0.08, y + h * 0.82, h * 0.035, on ? C.brand : C.grey);
  return (
    rect(x, y + 6, w, h, 14, '#111') +
    rect(x, y, w, h, 14, C.dark2) +
    rect(x + 8, y + 8, w - 16, h - 16, 10, C.dark) +
    fan(x + w * 0.22, y + h * 0.46, fr, angle) +
    fan(x + w * 0.78, y + h * 0.46, fr, -angle) +
    leds +
    rect(x + w * 0.4, y + h * 0.14, w * 0.2, h * 0.08, 3, C.dark3) +
    rect(x + w * 0.4, y + h * 0.28, w * 0.2, h * 0.08, 3, C.dark3)
  );
}

/** A person's bust: head, hair and shoulders; `shirt` tells people apart. */
export function person(
  cx: number,
  cy: number,
  s: number,
  shirt: string,
  skin = C.skin,
  hair = C.hair,
): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    path('M-34 62 C-34 28 -18 18 0 18 C18 18 34 28 34 62 Z', shirt) +
      circle(0, -6, 22, skin) +
      path(
        'M-22 -8 C-24 -30 -6 -34 0 -32 C14 -34 26 -24 22 -8 C16 -18 4 -20 -4 -16 C-10 -20 -18 -16 -22 -8Z',
        hair,
      ),
  );
}

/** A phone seen from the front: dark frame, light screen; `screen` is drawn inside (in the phone's coordinates). */
export function phone(x: number, y: number, w: number, h: number, screen = '', screenFill = C.white): string {
  return (
    rect(x + 4, y + 8, w, h, w * 0.14, '#000', 'opacity="0.18"') +
    rect(x, y, w, h, w * 0.14, C.dark) +
    rect(x + w * 0.07, y + w * 0.1, w * 0.86, h - w * 0.2, w * 0.08, screenFill) +
    rect(x + w * 0.38, y + w * 0.04, w * 0.24, w * 0.03, w * 0.015, C.dark3) +
    g(`translate(${x} ${y})`, screen)
  );
}

/** A shield with a check mark. */
export function shieldCheck(cx: number, cy: number, s: number, fill = C.brand): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    path(
      'M0 -60 L50 -40 C50 10 30 45 0 62 C-30 45 -50 10 -50 -40Z',
      '#000',
      'opacity="0.15" transform="translate(4 6)"',
    ) +
      path('M0 -60 L50 -40 C50 10 30 45 0 62 C-30 45 -50 10 -50 -40Z', fill) +
      path('M0 -48 L40 -32 C40 8 24 36 0 50Z', '#fff', 'opacity="0.18"') +
      path(
        'M-20 0 L-5 15 L22 -16',
        'none',
        `stroke="${C.white}" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"`,
      ),
  );
}

/** A padlock. */
export function padlock(cx: number, cy: number, s: number, body = C.brand): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    path('M-26 -10 V-30 C-26 -64 26 -64 26 -30 V-10', 'none', `stroke="${C.dark3}" stroke-width="12"`) +
      rect(-44, -14, 88, 74, 14, body) +
      circle(0, 14, 10, C.dark) +
      rect(-4, 14, 8, 22, 3, C.dark),
  );
}

/** A wallet: body, flap and clasp. */
export function wallet(x: number, y: number, w: number, h: number, body = C.dark2): string {
  return (
    rect(x + 6, y + 10, w, h, 18, '#000', 'opacity="0.16"') +
    rect(x, y - h * 0.16, w * 0.9, h * 0.4, 14, C.brandLight) +
    rect(x, y, w, h, 18, body) +
    rect(x + w * 0.62, y + h * 0.32, w * 0.42, h * 0.36, 12, C.brand) +
    circle(x + w * 0.74, y + h * 0.5, h * 0.07, C.dark)
  );
}

/** A rising bar chart with a trend line, on a card. */
export function chartCard(
  x: number,
  y: number,
  w: number,
  h: number,
  heights: number[],
  accent = C.brand,
): string {
  const n = heights.length;
  const bw = (w - 40) / n;
  let bars = '';
  let pts = '';
  heights.forEach((v, i) => {
    const bh = (h - 50) * v;
    const bx = x + 20 + i * bw + bw * 0.2;
    bars += rect(bx, y + h - 20 - bh, bw * 0.6, bh, 4, i === n - 1 ? accent : C.brandPale);
    pts += `${bx + bw * 0.3},${y + h - 30 - bh} `;
  });
  return (
    rect(x + 4, y + 8, w, h, 16, '#000', 'opacity="0.12"') +
    rect(x, y, w, h, 16, C.white) +
    bars +
    `<polyline points="${pts}" fill="none" stroke="${C.dark}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`
  );
}

/** A robot head (the trading bots). */
export function robot(cx: number, cy: number, s: number): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    line(0, -62, 0, -44, C.dark3, 6) +
      circle(0, -66, 8, C.brand) +
      rect(-58, -44, 116, 92, 28, C.dark2) +
      rect(-46, -30, 92, 52, 18, C.dark) +
      circle(-20, -4, 10, C.brand) +
      circle(20, -4, 10, C.brand) +
      rect(-18, 30, 36, 6, 3, C.brandLight) +
      rect(-70, -12, 12, 30, 5, C.dark3) +
      rect(58, -12, 12, 30, 5, C.dark3),
  );
}

/** A calendar page with a grid of days, the first `checked` ticked. */
export function calendar(x: number, y: number, w: number, h: number, checked: number): string {
  let cells = '';
  const cw = (w - 40) / 4;
  const ch = (h - 80) / 2;
  for (let i = 0; i < 8; i++) {
    const cx = x + 20 + (i % 4) * cw;
    const cy = y + 64 + Math.floor(i / 4) * ch;
    const done = i < checked;
    cells += rect(cx + 4, cy + 4, cw - 8, ch - 8, 10, done ? C.brand : C.light);
    if (done)
      cells += path(
        `M${cx + cw * 0.3} ${cy + ch * 0.5} l${cw * 0.14} ${ch * 0.16} l${cw * 0.26} ${-ch * 0.3}`,
        'none',
        `stroke="${C.white}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`,
      );
  }
  return (
    rect(x + 5, y + 10, w, h, 18, '#000', 'opacity="0.16"') +
    rect(x, y, w, h, 18, C.white) +
    path(`M${x} ${y + 18} a18 18 0 0 1 18 -18 h${w - 36} a18 18 0 0 1 18 18 v34 h${-w}Z`, C.dark2) +
    rect(x + w * 0.25, y - 12, 10, 28, 5, C.brand) +
    rect(x + w * 0.75 - 10, y - 12, 10, 28, 5, C.brand) +
    cells
  );
}

/** A gift box with a bow. */
export function gift(cx: number, cy: number, s: number, box = C.brand, ribbon = C.dark2): string {
  return g(
    `translate(${cx} ${cy}) scale(${s})`,
    shadow(0, 62, 66, 10) +
      rect(-56, -10, 112, 72, 8, box) +
      rect(-64, -32, 128, 28, 8, C.brandLight) +
      rect(-10, -32, 20, 94, 2, ribbon) +
      path('M0 -32 C-30 -70 -62 -44 -34 -32Z', ribbon) +
      path('M0 -32 C30 -70 62 -44 34 -32Z', ribbon),
  );
}

/** An identity card: photo, lines and a coloured band. */
export function idCard(x: number, y: number, w: number, h: number): string {
  return (
    rect(x + 5, y + 8, w, h, 14, '#000', 'opacity="0.16"') +
    rect(x, y, w, h, 14, C.white) +
    path(`M${x} ${y + 14} a14 14 0 0 1 14 -14 h${w - 28} a14 14 0 0 1 14 14 v${h * 0.12} h${-w}Z`, C.brand) +
    rect(x + w * 0.07, y + h * 0.3, w * 0.28, h * 0.56, 8, C.brandPale) +
    person(x + w * 0.21, y + h * 0.58, w * 0.0042, C.dark3) +
    rect(x + w * 0.42, y + h * 0.36, w * 0.46, h * 0.07, 4, C.dark3) +
    rect(x + w * 0.42, y + h * 0.52, w * 0.36, h * 0.06, 3, C.light) +
    rect(x + w * 0.42, y + h * 0.66, w * 0.42, h * 0.06, 3, C.light)
  );
}

/** A dark banner: the brand's dark with a warm glow on the right, where the picture stands. */
export function darkStage(w: number, h: number): string {
  return (
    background(w, h, '#2a2a2a', C.dark) +
    `<defs><radialGradient id="glow" cx="0.7" cy="0.5" r="0.55"><stop offset="0" stop-color="${C.brand}" stop-opacity="0.35"/><stop offset="1" stop-color="${C.brand}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    sparkles(w, h, 26, C.brand, 11)
  );
}
