/**
 * Names in the members' languages, second part (issue 29). A mining package's other languages are `translations` =
 * { "zh-CN": { name, description, assumptions_note }, ... } beside its default (English) texts, as shop products
 * have theirs (0034). A shop order item keeps the product's names as the buyer could read them at purchase,
 * `translations` = { "zh-CN": { name }, ... }: an order records what was sold, so a product renamed later does not
 * rename it. Items bought before this migration have none and read their stored (default) name.
 */
export const up = `
ALTER TABLE mining_packages ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE shop_order_items ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');
`;
