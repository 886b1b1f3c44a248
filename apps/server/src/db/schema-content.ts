import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of content and support (issue 13); the DB interface in schema.ts extends this. */
export interface UploadsTable {
  id: Generated<string>;
  file_name: string;
  kind: 'image' | 'video' | 'pdf';
  content_type: string;
  bytes: number;
  original_name: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface ContentItemsTable {
  id: Generated<string>;
  kind: string;
  published: Generated<boolean>;
  publish_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sort_order: Generated<number>;
  link: Generated<string>;
  image_id: string | null;
  media_id: string | null;
  click_count: ColumnType<string, string | number | undefined, string | number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ContentTextsTable {
  item_id: string;
  lang: 'en-US' | 'zh-CN' | 'bm-MY';
  title: string;
  summary: Generated<string>;
  body_html: Generated<string>;
  category: Generated<string>;
  updated_at: CreatedAt;
}

export interface NoticeSeenTable {
  member_id: string;
  item_id: string;
  seen_at: CreatedAt;
}

export interface EnquiriesTable {
  id: Generated<string>;
  member_id: string;
  subject: string;
  message: string;
  state: ColumnType<'open' | 'answered' | 'closed', 'open' | 'answered' | 'closed' | undefined>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  closed_by: string | null;
}

export interface EnquiryMessagesTable {
  id: Generated<string>;
  enquiry_id: string;
  admin_id: string | null;
  message: string;
  created_at: CreatedAt;
}

export interface EnquiryPicturesTable {
  enquiry_id: string;
  position: number;
  file_name: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  bytes: number;
}

export interface GameCheckinsTable {
  member_id: string;
  day: ColumnType<string, string, string>;
  streak: number;
  amount: ColumnType<string, string | bigint, string | bigint>;
  created_at: CreatedAt;
}

export interface GamePoolTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  paid: ColumnType<string, string | bigint | undefined, string | bigint>;
}

export interface ContentTables {
  uploads: UploadsTable;
  content_items: ContentItemsTable;
  content_texts: ContentTextsTable;
  notice_seen: NoticeSeenTable;
  enquiries: EnquiriesTable;
  enquiry_messages: EnquiryMessagesTable;
  enquiry_pictures: EnquiryPicturesTable;
  game_checkins: GameCheckinsTable;
  game_pool: GamePoolTable;
}
