import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeLookup } from './routeLookup.ts';

const page = (path: string): RouteObject => ({ path, element: path });
const table: RouteObject[] = [
  {
    element: 'layout',
    children: [
      page('/'),
      page('/pages/home/home'),
      page('/pages/Wallet/Wallet'),
      page('/pages/Wallet/bonus'),
      page('*'),
    ],
  },
];
const matched = (routes: RouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => m.route.element);

describe('routeLookup', () => {
  const routesFor = routeLookup(table);

  it('gives React Router the layout and the one route a path names, found as React Router finds it', () => {
    for (const path of [
      '/pages/Wallet/Wallet',
      '/pages/wallet/WALLET',
      '/pages/home/home/',
      '/pages/home/home//',
      '/',
    ]) {
      const narrowed = routesFor(path);
      expect(narrowed[0]?.children, path).toHaveLength(1);
      expect(matched(narrowed, path), path).toEqual(matched(table, path));
      expect(matched(narrowed, path)?.[1], path).not.toBe('*');
    }
  });

  it('gives the whole table for a path it does not know, so not-found is React Router own answer', () => {
    expect(routesFor('/pages/nowhere')).toBe(table);
    expect(matched(routesFor('/pages/nowhere'), '/pages/nowhere')).toEqual(['layout', '*']);
  });

  it('hands out the same narrowed table for a path each time (a render does not remount the page)', () => {
    expect(routesFor('/pages/Wallet/bonus')).toBe(routesFor('/pages/wallet/bonus/'));
  });
});
