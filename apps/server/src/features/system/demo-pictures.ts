import { paintPng, type Rgb } from '../../lib/png.ts';

/**
 * Pictures for the demo's identity verifications, drawn in code (nothing to ship or download): an ID card, its back
 * and a selfie with the card, as PNGs an admin can look at in the review screen.
 */

const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

/** A card 480x300: a coloured band, a photo, lines of "text"; `tint` tells members' cards apart. */
export function cardFront(tint: Rgb): Buffer {
  return paintPng(480, 300, (x, y) => {
    if (inBox(x, y, 0, 0, 480, 56)) return tint;
    if (inBox(x, y, 28, 84, 148, 240))
      return inBox(x, y, 58, 104, 118, 164) ? [222, 184, 150] : [120, 130, 150];
    for (let line = 0; line < 5; line++)
      if (inBox(x, y, 180, 96 + line * 30, 440 - line * 30, 108 + line * 30)) return [70, 70, 80];
    return [246, 244, 236];
  });
}

export function cardBack(tint: Rgb): Buffer {
  return paintPng(480, 300, (x, y) => {
    if (inBox(x, y, 0, 200, 480, 240)) return [30, 30, 30];
    if (inBox(x, y, 40, 40, 200, 160)) return (x + y) % 12 < 6 ? tint : [250, 250, 250];
    return [238, 240, 244];
  });
}

/** The member holding the card: a face above a small card. */
export function holdingCard(tint: Rgb): Buffer {
  return paintPng(360, 420, (x, y) => {
    const dx = x - 180;
    const dy = y - 130;
    if (dx * dx + dy * dy < 70 * 70) return [222, 184, 150];
    if (inBox(x, y, 110, 250, 250, 340)) return inBox(x, y, 110, 250, 250, 270) ? tint : [246, 244, 236];
    if (inBox(x, y, 80, 230, 280, 420)) return [90, 110, 160];
    return [200, 214, 228];
  });
}
