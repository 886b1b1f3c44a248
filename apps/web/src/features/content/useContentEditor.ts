import type { ContentKind, Language, ResponseOf } from '@mp/contract';
import type { adminContentDetail } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, showToast } from '../../lib/feedback.ts';
import { adminItemQuery, contentKeys, deleteContent, saveContent, uploadFile } from './api.ts';

export type Draft = { title: string; summary: string; body: string; category: string };
const EMPTY: Draft = { title: '', summary: '', body: '', category: '' };
export type FileRef = { id: string; url: string; type: string };
type Errors = Record<string, string>;
type SavedItem = ResponseOf<typeof adminContentDetail>;
type Item = ReturnType<typeof useItemState>;
export type ContentEditor = ReturnType<typeof useContentEditor>;

/** An ISO time as the datetime-local input shows it (local time), and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/**
 * The CMS item of the page's `id` (a new one without it) being edited: its shared settings, a draft per language
 * (`draft` is the shown language's), the server's messages per field, uploads, saving the shown language's text
 * and deleting that text or the whole item.
 */
export function useContentEditor() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({ ...adminItemQuery(id), enabled: Boolean(id) });
  const item = useItemState(detail.data, (params.get('kind') as ContentKind) || 'news');
  const [lang, setLang] = useState<Language>('en-US');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { uploading, upload } = useUpload(errors, setErrors);

  const draft = item.drafts[lang] ?? EMPTY;
  const setDraft = (patch: Partial<Draft>) =>
    item.setDrafts({ ...item.drafts, [lang]: { ...draft, ...patch } });
  const saved = detail.data?.texts.some((x) => x.lang === lang) ?? false;

  const save = async () => {
    setErrors({});
    setBusy(true);
    try {
      const { data, msg } = await saveContent(saveRequest(id, lang, draft, item));
      showToast(msg);
      await client.invalidateQueries({ queryKey: contentKeys.all });
      if (!id) setParams({ id: String(data.id) }, { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message])));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (whole: boolean) => {
    if (!id || !(await confirmDialog(t('admin.confirmDelete')))) return;
    await deleteContent(Number(id), whole ? undefined : lang);
    await client.invalidateQueries({ queryKey: contentKeys.all });
    if (whole) navigate('/pages/admin/content', { replace: true });
  };

  return {
    id,
    detail,
    ...item,
    lang,
    setLang,
    draft,
    setDraft,
    saved,
    errors,
    uploading,
    upload,
    busy,
    save,
    remove,
  };
}

/** The shown language's text with the item's shared settings, as Admin/newssave takes them. */
function saveRequest(id: string, lang: Language, draft: Draft, item: Item) {
  return {
    ...(id ? { id } : {}),
    kind: item.kind,
    lang,
    title: draft.title,
    summary: draft.summary || undefined,
    body: draft.body,
    category: draft.category || undefined,
    published: item.published,
    publish_at: fromLocalInput(item.publishAt),
    sort_order: Number(item.sortOrder) || 0,
    link: item.link || undefined,
    image_id: item.image?.id ?? '',
    media_id: item.media?.id ?? '',
  };
}

/** The item's settings and texts, taken from the saved item when it arrives (a new item starts empty). */
function useItemState(saved: SavedItem | undefined, initialKind: ContentKind) {
  const [kind, setKind] = useState<ContentKind>(initialKind);
  const [drafts, setDrafts] = useState<Partial<Record<Language, Draft>>>({});
  const [published, setPublished] = useState(true);
  const [publishAt, setPublishAt] = useState('');
  const [sortOrder, setSortOrder] = useState('0');
  const [link, setLink] = useState('');
  const [image, setImage] = useState<FileRef | null>(null);
  const [media, setMedia] = useState<FileRef | null>(null);

  useEffect(() => {
    const d = saved;
    if (!d) return;
    setKind(d.kind);
    setPublished(d.state !== 'draft');
    setPublishAt(toLocalInput(d.publish_at));
    setSortOrder(String(d.sort_order));
    setLink(d.link);
    setImage(d.image_id ? { id: d.image_id, url: d.image_url, type: 'image' } : null);
    setMedia(d.media_id ? { id: d.media_id, url: d.media_url, type: d.media_type } : null);
    setDrafts(
      Object.fromEntries(
        d.texts.map((x) => [
          x.lang,
          { title: x.title, summary: x.summary, body: x.body_html, category: x.category },
        ]),
      ),
    );
  }, [saved]);

  return {
    kind,
    setKind,
    drafts,
    setDrafts,
    published,
    setPublished,
    publishAt,
    setPublishAt,
    sortOrder,
    setSortOrder,
    link,
    setLink,
    image,
    setImage,
    media,
    setMedia,
  };
}

/** Uploads a file, naming the field it belongs to in `errors` when the server refuses it. */
function useUpload(errors: Errors, setErrors: Dispatch<SetStateAction<Errors>>) {
  const [uploading, setUploading] = useState('');
  const upload = async (which: 'image' | 'video' | 'pdf', file: File): Promise<FileRef | undefined> => {
    setUploading(which);
    try {
      const u = await uploadFile(which, file);
      return { id: u.id, url: u.url, type: u.content_type };
    } catch (err) {
      if (err instanceof ApiError)
        setErrors({ ...errors, [which === 'image' ? 'image_id' : 'media_id']: err.msg });
      return undefined;
    } finally {
      setUploading('');
    }
  };
  return { uploading, upload };
}
