/**
 * Product names in the members' languages (issue 29): `name` and `description` stay the default (English) text; a
 * product's other languages are `translations` = { "zh-CN": { name, description }, ... }. A member reads their
 * language's text where it is given and the default one elsewhere, as with the CMS's texts.
 */
export const up = `
ALTER TABLE shop_products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');
`;
