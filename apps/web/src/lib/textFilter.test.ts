import { TEXT_FILTER_MAX, textFilter } from '@mp/contract';
import { describe, expect, it } from 'vitest';

describe('text filter (spec section 9)', () => {
  it('keeps text of up to 15 characters as it is', () => {
    expect(textFilter('exactly15chars!')).toBe('exactly15chars!');
    expect(textFilter('short')).toBe('short');
    expect(textFilter('')).toBe('');
  });

  it('cuts longer text to the first 15 characters plus an ellipsis', () => {
    expect(textFilter('This announcement title is long')).toBe('This announceme...');
    expect(TEXT_FILTER_MAX).toBe(15);
  });

  it('counts characters, not UTF-16 units, so Chinese and emoji are not split', () => {
    expect(textFilter('一二三四五六七八九十一二三四五六')).toBe('一二三四五六七八九十一二三四五...');
    expect(textFilter('😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀')).toBe(`${'😀'.repeat(15)}...`);
  });
});
