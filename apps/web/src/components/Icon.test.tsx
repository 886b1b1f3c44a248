import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compactPath, iconPaths, parsePath, sourcePaths } from '../../build/icons.ts';
import { Icon } from './Icon.tsx';
import { ICON_NAMES } from './iconNames.ts';

/** Every point a compact (relative) path visits, made absolute again by SVG's rules. */
function absolutePoints(compact: string): number[] {
  const arity: Record<string, number> = { m: 2, l: 2, c: 6, z: 0 };
  const points: number[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  for (const [, letter = '', rest = ''] of compact.matchAll(/([a-z])([^a-z]*)/g)) {
    const n = arity[letter];
    expect(n, `command ${letter}`).toBeDefined();
    if (letter === 'z') {
      [x, y] = [startX, startY];
      continue;
    }
    const numbers = (rest.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    expect(numbers.length % (n ?? 1)).toBe(0);
    for (let i = 0; i < numbers.length; i += n ?? 1) {
      const group = numbers.slice(i, i + (n ?? 1));
      const abs = group.map((v, k) => v + (k % 2 === 0 ? x : y));
      points.push(...abs);
      [x, y] = [abs.at(-2) ?? x, abs.at(-1) ?? y];
      if (letter === 'm' && i === 0) [startX, startY] = [x, y];
    }
  }
  return points;
}

describe('first-screen icons (build/icons.ts)', () => {
  it('compacts a path by SVG rules: relative, implicit repeats, no needless separators', () => {
    expect(compactPath('M10.5,20 L11.25,20.75 L0.5,0.5 C1,2,3,4,5,6 Z M1 1 L2 2')).toBe(
      'm10.5 20 .8.8-10.8-20.3c.5 1.5 2.5 3.5 4.5 5.5zm-9.5-19 1 1',
    );
  });

  it.each(ICON_NAMES)('%s keeps every point of antd-mobile-icons within a twentieth of a unit', (name) => {
    const source = sourcePaths(name);
    const compact = iconPaths(name);
    expect(compact.map(([, nonzero]) => nonzero === 1)).toEqual(source.map((p) => p.nonzero));
    for (const [i, { d }] of source.entries()) {
      const expected = parsePath(d).flatMap(([, args]) => args);
      const actual = absolutePoints(compact[i]?.[0] ?? '');
      expect(actual).toHaveLength(expected.length);
      for (const [k, v] of expected.entries())
        expect(Math.abs((actual[k] ?? Number.NaN) - v)).toBeLessThan(0.051);
    }
  });

  it('draws an icon from virtual:icons as antd-mobile-icons does, hidden from screen readers', () => {
    const { container } = render(<Icon name="SetOutline" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 48 48');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelectorAll('path').length).toBe(iconPaths('SetOutline').length);
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(iconPaths('SetOutline')[0]?.[0]);
  });
});
