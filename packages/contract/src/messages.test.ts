import { describe, expect, it } from 'vitest';
import { textFilter } from './constants.ts';
import { MESSAGES, translate } from './messages.ts';

describe('messages', () => {
  it('has every message in all three languages, non-empty', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      for (const lang of ['en-US', 'zh-CN', 'bm-MY'] as const)
        expect(texts[lang], `${key} ${lang}`).toBeTruthy();
    }
  });

  it('keeps the texts the spec fixes (GLOSSARY.md)', () => {
    expect(translate('password_mismatch', 'en-US')).toBe('Password did not match, Please re-enter again');
    expect(translate('tac_sent_email', 'en-US')).toBe('The TAC number will send to your email');
    expect(translate('tac_sent_mobile', 'en-US')).toBe('The TAC number will send to your mobile number');
    expect(translate('too_many_requests', 'zh-CN')).toBe('您的请求过于频繁，请休息一下再试');
    expect(translate('not_found_call', 'bm-MY')).toBe('error_code:404');
  });

  it('names the field in the same language', () => {
    expect(translate('field_required', 'en-US', { field: 'sponsor_id' })).toBe('Sponsor ID is required');
    expect(translate('field_required', 'zh-CN', { field: 'sponsor_id' })).toBe('请填写推荐人 ID');
    expect(translate('field_invalid', 'bm-MY', { field: 'email' })).toBe('E-mel tidak sah');
  });
});

describe('textFilter', () => {
  it('cuts text over 15 characters to 15 plus an ellipsis', () => {
    expect(textFilter('short')).toBe('short');
    expect(textFilter('exactly15chars!')).toBe('exactly15chars!');
    expect(textFilter('this is longer than fifteen')).toBe('this is longer ...');
    expect(textFilter('一二三四五六七八九十一二三四五六')).toBe('一二三四五六七八九十一二三四五...');
  });
});
