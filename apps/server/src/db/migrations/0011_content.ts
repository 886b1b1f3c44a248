/**
 * Content and support (issue 13): the CMS's items with one text per language, its uploads (files under
 * DATA_DIR/uploads/content with random names, served from /media/), which important notices a member has
 * acknowledged, customer-service enquiries with their conversation and pictures, and the daily check-in game.
 * The foundation's announcements become CMS items of kind 'announcement'.
 */
export const up = `
CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('image', 'video', 'pdf')),
  content_type text NOT NULL,
  bytes integer NOT NULL CHECK (bytes > 0),
  original_name text NOT NULL DEFAULT '',
  created_by bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_items (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'announcement', 'notice', 'slider', 'help', 'guide', 'training',
    'video', 'file', 'about', 'promo')),
  -- Members see a published item from publish_at on; before that it is scheduled.
  published boolean NOT NULL DEFAULT false,
  publish_at timestamptz NOT NULL DEFAULT now(),
  sort_order integer NOT NULL DEFAULT 0,
  link text NOT NULL DEFAULT '',
  image_id bigint REFERENCES uploads(id),
  media_id bigint REFERENCES uploads(id),
  click_count bigint NOT NULL DEFAULT 0,
  created_by bigint REFERENCES members(id),
  updated_by bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_items_visible ON content_items (kind, publish_at DESC, id DESC) WHERE published;
CREATE INDEX content_items_kind ON content_items (kind, id DESC);

CREATE TABLE content_texts (
  item_id bigint NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en-US', 'zh-CN', 'bm-MY')),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, lang)
);

INSERT INTO content_items (kind, published, publish_at, created_at, updated_at)
  SELECT 'announcement', published, created_at, created_at, created_at FROM announcements ORDER BY id;
INSERT INTO content_texts (item_id, lang, title, body_html)
  SELECT i.id, t.key, t.value,
         coalesce('<p>' || replace(replace(replace(a.content ->> t.key, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>', '')
  FROM (SELECT a.*, row_number() OVER (ORDER BY a.id) AS n FROM announcements a) a
  JOIN (SELECT i.*, row_number() OVER (ORDER BY i.id) AS n FROM content_items i) i ON i.n = a.n
  CROSS JOIN LATERAL jsonb_each_text(a.title) t
  WHERE t.key IN ('en-US', 'zh-CN', 'bm-MY');
DROP TABLE announcements;

-- The CMS's read cache (content/published.ts) hears every change but read counts.
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mp_changes', 'content:*');
  RETURN NULL;
END $$;
CREATE FUNCTION content_items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.kind, n.published, n.publish_at, n.sort_order, n.link, n.image_id, n.media_id)
      IS DISTINCT FROM (o.kind, o.published, o.publish_at, o.sort_order, o.link, o.image_id, o.media_id)) THEN
    PERFORM pg_notify('mp_changes', 'content:*');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER content_items_inserted AFTER INSERT OR DELETE ON content_items
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER content_items_updated AFTER UPDATE ON content_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_items_updated();
CREATE TRIGGER content_texts_changed AFTER INSERT OR UPDATE OR DELETE ON content_texts
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();

CREATE TABLE notice_seen (
  member_id bigint NOT NULL REFERENCES members(id),
  item_id bigint NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, item_id)
);

CREATE TABLE enquiries (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  subject text NOT NULL,
  message text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_by bigint REFERENCES members(id)
);
CREATE INDEX enquiries_member ON enquiries (member_id, updated_at DESC, id DESC);
CREATE INDEX enquiries_state ON enquiries (state, updated_at, id);

CREATE TABLE enquiry_messages (
  id bigserial PRIMARY KEY,
  enquiry_id bigint NOT NULL REFERENCES enquiries(id),
  -- NULL: the member wrote it; otherwise the admin who answered.
  admin_id bigint REFERENCES members(id),
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enquiry_messages_enquiry ON enquiry_messages (enquiry_id, id);

CREATE TABLE enquiry_pictures (
  enquiry_id bigint NOT NULL REFERENCES enquiries(id),
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes integer NOT NULL,
  PRIMARY KEY (enquiry_id, position)
);

-- One check-in per member per day (UTC); the ledger operation it pays with is keyed the same way.
CREATE TABLE game_checkins (
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, day)
);
CREATE INDEX game_checkins_day ON game_checkins (day);
`;
