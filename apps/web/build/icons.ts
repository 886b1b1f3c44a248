import * as Icons from 'antd-mobile-icons';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { ICON_NAMES } from '../src/components/iconNames.ts';

const VIRTUAL_ID = 'virtual:icons';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** One path of an icon: its outline, and whether it fills nonzero (the icons' default is evenodd). */
export type IconPath = [d: string, nonzero?: 1];

const ARITY: Record<string, number> = { M: 2, L: 2, C: 6, Z: 0 };

/** A path's commands with absolute coordinates (antd-mobile-icons uses M, L, C and Z only). */
export function parsePath(d: string): [command: string, args: number[]][] {
  const out: [string, number[]][] = [];
  for (const [, command = '', rest = ''] of d.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const arity = ARITY[command];
    if (arity === undefined) throw new Error(`path command ${command} is not handled`);
    const numbers = (rest.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number);
    if (arity === 0) out.push([command, []]);
    // Coordinates after the first pair of an M are lines (the SVG rule).
    for (let i = 0; i < numbers.length; i += arity) {
      out.push([i > 0 && command === 'M' ? 'L' : command, numbers.slice(i, i + arity)]);
    }
  }
  return out;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/** A number as short as SVG allows: `0.5` as `.5`, `-0.5` as `-.5`. */
function short(n: number): string {
  return String(n).replace(/^(-?)0\./, '$1.');
}

/**
 * Shortens a path: coordinates to a tenth of a unit of the 48-unit box (0.05 px at 24 px), written relative to
 * the current point, without the letters and separators a parser does not need. The shape is antd-mobile-icons'.
 */
export function compactPath(d: string): string {
  let out = '';
  let lastLetter = '';
  let lastNumber = '';
  const put = (token: string) => {
    if (/^[a-z]$/.test(token)) {
      out += token;
      lastLetter = token;
      lastNumber = '';
      return;
    }
    // A number needs a space after another number, unless it starts with '-', or with '.' after one that
    // already has a point.
    const joined =
      lastNumber === '' || token.startsWith('-') || (token.startsWith('.') && lastNumber.includes('.'));
    out += (joined ? '' : ' ') + token;
    lastNumber = token;
  };
  let [x, y, startX, startY] = [0, 0, 0, 0];
  for (const [command, args] of parsePath(d)) {
    if (command === 'Z') {
      put('z');
      [x, y] = [startX, startY];
      continue;
    }
    const points = args.map(tenth);
    const letter = command.toLowerCase();
    // A repeated command, or a line straight after a move, needs no letter of its own.
    if (letter === 'm' || (letter !== lastLetter && !(letter === 'l' && lastLetter === 'm'))) put(letter);
    else if (letter === 'l' && lastLetter === 'm') lastLetter = 'm';
    for (const [i, v] of points.entries()) put(short(tenth(v - (i % 2 === 0 ? x : y))));
    [x, y] = [points.at(-2) ?? x, points.at(-1) ?? y];
    if (command === 'M') [startX, startY] = [x, y];
  }
  return out;
}

/** The paths of one antd-mobile-icons icon as it draws them: outline and fill rule (its invisible box left out). */
export function sourcePaths(name: string): { d: string; nonzero: boolean }[] {
  const component = (Icons as unknown as Record<string, ComponentType>)[name];
  if (!component) throw new Error(`antd-mobile-icons has no ${name}`);
  const svg = renderToStaticMarkup(createElement(component));
  if (!svg.includes('viewBox="0 0 48 48"')) throw new Error(`${name} is not drawn on a 48x48 box`);
  const paths: { d: string; nonzero: boolean }[] = [];
  for (const [, attrs = ''] of svg.matchAll(/<path([^>]*)>/g)) {
    const d = /\sd="([^"]+)"/.exec(attrs)?.[1];
    if (!d) continue;
    if (!/fill="currentColor"/.test(attrs))
      throw new Error(`${name} has a path not filled with currentColor`);
    paths.push({ d, nonzero: /fill-rule="nonzero"/.test(attrs) });
  }
  if (paths.length === 0) throw new Error(`${name} has no paths`);
  return paths;
}

/** One icon's paths, compacted, as `virtual:icons` serves them. */
export function iconPaths(name: string): IconPath[] {
  return sourcePaths(name).map(({ d, nonzero }) => (nonzero ? [compactPath(d), 1] : [compactPath(d)]));
}

/**
 * `virtual:icons`: the first screens' icons as compact path data. antd-mobile-icons' components spell each
 * icon out as React elements with seven-decimal coordinates (about 28 KB of gzipped JavaScript for these
 * 31); the same shapes as compact path data are about 6 KB.
 */
export function iconsPlugin(): Plugin {
  return {
    name: 'icons',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const icons = Object.fromEntries(ICON_NAMES.map((name) => [name, iconPaths(name)]));
      return `export const ICONS = ${JSON.stringify(icons)};\n`;
    },
  };
}
