import { LANGUAGES, type ContentKind, type Language } from '@mp/contract';
import { CONTENT_KINDS } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popup, Selector, Switch, Tabs, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { adminItemQuery, contentKeys, deleteContent, saveContent, uploadFile } from '../api.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import { RichEditor } from '../components/RichEditor.tsx';
import '../content.css';

type Draft = { title: string; summary: string; body: string; category: string };
const EMPTY: Draft = { title: '', summary: '', body: '', category: '' };
type FileRef = { id: string; url: string; type: string };

/** An ISO time as the datetime-local input shows it (local time), and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

const MEDIA_KINDS: ContentKind[] = ['video', 'training', 'file'];
const LINK_KINDS: ContentKind[] = ['slider', 'promo'];

/** A button that opens the file picker (the input itself stays hidden). */
function UploadButton({
  accept,
  busy,
  testId,
  onFile,
}: {
  accept: string;
  busy: boolean;
  testId: string;
  onFile: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation('content');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" loading={busy} onClick={() => input.current?.click()}>
        {busy ? t('admin.uploading') : t('admin.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) await onFile(file);
        }}
      />
    </>
  );
}

/** Edits one CMS item: shared settings, then a text per language (saved one language at a time), with a preview. */
export default function AdminContentEditPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({ ...adminItemQuery(id), enabled: Boolean(id) });
  const [kind, setKind] = useState<ContentKind>((params.get('kind') as ContentKind) || 'news');
  const [lang, setLang] = useState<Language>('en-US');
  const [drafts, setDrafts] = useState<Partial<Record<Language, Draft>>>({});
  const [published, setPublished] = useState(true);
  const [publishAt, setPublishAt] = useState('');
  const [sortOrder, setSortOrder] = useState('0');
  const [link, setLink] = useState('');
  const [image, setImage] = useState<FileRef | null>(null);
  const [media, setMedia] = useState<FileRef | null>(null);
  const [uploading, setUploading] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = detail.data;
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
  }, [detail.data]);

  const draft = drafts[lang] ?? EMPTY;
  const setDraft = (patch: Partial<Draft>) => setDrafts({ ...drafts, [lang]: { ...draft, ...patch } });
  const saved = detail.data?.texts.some((x) => x.lang === lang) ?? false;

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

  const save = async () => {
    setErrors({});
    setBusy(true);
    try {
      const { data, msg } = await saveContent({
        ...(id ? { id } : {}),
        kind,
        lang,
        title: draft.title,
        summary: draft.summary || undefined,
        body: draft.body,
        category: draft.category || undefined,
        published,
        publish_at: fromLocalInput(publishAt),
        sort_order: Number(sortOrder) || 0,
        link: link || undefined,
        image_id: image?.id ?? '',
        media_id: media?.id ?? '',
      });
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

  const fileInput = (which: 'image' | 'media') => {
    const current = which === 'image' ? image : media;
    const accept =
      which === 'image'
        ? 'image/jpeg,image/png,image/webp'
        : kind === 'video'
          ? 'video/mp4,video/webm'
          : 'application/pdf,video/mp4,video/webm';
    return (
      <div className="admin-file">
        {current ? (
          current.type.startsWith('image') ? (
            <img src={current.url} alt="" className="admin-file-preview" />
          ) : (
            <a href={current.url} target="_blank" rel="noreferrer">
              {current.url.split('/').pop()}
            </a>
          )
        ) : null}
        <UploadButton
          accept={accept}
          busy={uploading !== ''}
          testId={`content-${which}-input`}
          onFile={async (file) => {
            const kindOf = which === 'image' ? 'image' : file.type === 'application/pdf' ? 'pdf' : 'video';
            const ref = await upload(kindOf, file);
            if (ref) (which === 'image' ? setImage : setMedia)(ref);
          }}
        />
        {current ? (
          <Button
            size="small"
            fill="none"
            onClick={() => (which === 'image' ? setImage(null) : setMedia(null))}
          >
            {t('admin.removeFile')}
          </Button>
        ) : null}
      </div>
    );
  };

  if (id && detail.isPending)
    return (
      <PageLayout title={t('routes:/pages/admin/contentedit')}>
        <LoadingBlock />
      </PageLayout>
    );

  return (
    <PageLayout title={t('routes:/pages/admin/contentedit')} testId="admin-content-edit-page">
      <Form layout="vertical">
        <Form.Item label={t('admin.kind')}>
          <Selector
            columns={3}
            options={CONTENT_KINDS.map((k) => ({ label: t(`admin.kinds.${k}`), value: k }))}
            value={[kind]}
            onChange={(v) => v[0] && setKind(v[0])}
          />
        </Form.Item>
        <Form.Item label={t('admin.picture')} help={errors.image_id}>
          {fileInput('image')}
        </Form.Item>
        {MEDIA_KINDS.includes(kind) ? (
          <Form.Item label={t('admin.media')} help={errors.media_id}>
            {fileInput('media')}
          </Form.Item>
        ) : null}
        {LINK_KINDS.includes(kind) ? (
          <Form.Item label={t('admin.link')} help={errors.link}>
            <Input value={link} onChange={setLink} data-testid="content-link" />
          </Form.Item>
        ) : null}
        <Form.Item label={t('admin.published')} childElementPosition="right">
          <Switch checked={published} onChange={setPublished} data-testid="content-published" />
        </Form.Item>
        <Form.Item label={t('admin.publishAt')} help={errors.publish_at}>
          <input
            type="datetime-local"
            className="admin-datetime"
            value={publishAt}
            onChange={(e) => setPublishAt(e.target.value)}
            data-testid="content-publish-at"
          />
        </Form.Item>
        <Form.Item label={t('admin.sortOrder')}>
          <Input type="number" value={sortOrder} onChange={setSortOrder} />
        </Form.Item>
      </Form>
      <Tabs activeKey={lang} onChange={(k) => setLang(k as Language)} data-testid="content-langs">
        {LANGUAGES.map((l) => (
          <Tabs.Tab key={l} title={<span data-testid={`content-lang-${l}`}>{l}</span>} />
        ))}
      </Tabs>
      {id && !saved ? (
        <p className="admin-note" data-testid="content-not-saved">
          {t('admin.notSaved')}
        </p>
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t('admin.title')} help={errors.title}>
          <Input
            value={draft.title}
            onChange={(v) => setDraft({ title: v })}
            maxLength={200}
            data-testid="content-title"
          />
        </Form.Item>
        {kind === 'help' ? (
          <Form.Item label={t('admin.category')}>
            <Input
              value={draft.category}
              onChange={(v) => setDraft({ category: v })}
              maxLength={80}
              data-testid="content-category"
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('admin.summary')}>
          <TextArea
            value={draft.summary}
            onChange={(v) => setDraft({ summary: v })}
            rows={2}
            maxLength={500}
          />
        </Form.Item>
        <Form.Item label={t('admin.body')} help={errors.body}>
          <RichEditor
            label={t('admin.body')}
            value={draft.body}
            onChange={(body) => setDraft({ body })}
            onPicture={async (file) => (await upload('image', file))?.url}
          />
        </Form.Item>
      </Form>
      <div className="admin-content-actions">
        <Button block color="primary" loading={busy} onClick={save} data-testid="content-save">
          {t('admin.save')}
        </Button>
        <Button block onClick={() => setPreview(true)} data-testid="content-preview">
          {t('admin.preview')}
        </Button>
        {id && saved ? (
          <Button block fill="outline" color="danger" onClick={() => remove(false)}>
            {t('admin.deleteText')}
          </Button>
        ) : null}
        {id ? (
          <Button
            block
            fill="outline"
            color="danger"
            onClick={() => remove(true)}
            data-testid="content-delete"
          >
            {t('admin.deleteItem')}
          </Button>
        ) : null}
      </div>
      <Popup
        visible={preview}
        onMaskClick={() => setPreview(false)}
        position="right"
        bodyStyle={{ width: '100vw' }}
      >
        <PageLayout
          title={t('admin.preview')}
          back={false}
          right={
            <Button size="mini" onClick={() => setPreview(false)}>
              {t('admin.closePreview')}
            </Button>
          }
        >
          <ArticleView
            testId="content-preview-article"
            article={{
              id: Number(id) || 0,
              kind,
              title: draft.title,
              summary: draft.summary,
              category: draft.category,
              image_url: image?.url ?? '',
              media_url: media?.url ?? '',
              media_type: media?.type ?? '',
              media_size: 0,
              link,
              published_at: fromLocalInput(publishAt) ?? new Date().toISOString(),
              // The unsaved draft, as the browser parses it; the saved text is the server's sanitized one.
              body_html: draft.body,
              lang,
            }}
          />
        </PageLayout>
      </Popup>
    </PageLayout>
  );
}
