import { LANGUAGES, type ContentKind, type Language } from '@mp/contract';
import { CONTENT_KINDS } from '@mp/contract/web';
import { Button, Form, Input, Popup, Selector, Switch, Tabs, TextArea } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { type ContentEditor, fromLocalInput } from '../useContentEditor.ts';
import { ArticleView } from './ArticleView.tsx';
import { RichEditor } from './RichEditor.tsx';

const MEDIA_KINDS: ContentKind[] = ['video', 'training', 'file'];
const LINK_KINDS: ContentKind[] = ['slider', 'promo'];

/** The settings every language shares: kind, picture, media or link, publishing and order. */
export function ItemSettingsForm({ editor }: { editor: ContentEditor }) {
  const { t } = useTranslation('content');
  const { kind, errors } = editor;
  return (
    <Form layout="vertical">
      <Form.Item label={t('admin.kind')}>
        <Selector
          columns={3}
          options={CONTENT_KINDS.map((k) => ({ label: t(`admin.kinds.${k}`), value: k }))}
          value={[kind]}
          onChange={(v) => v[0] && editor.setKind(v[0])}
        />
      </Form.Item>
      <Form.Item label={t('admin.picture')} help={errors.image_id}>
        <FileField editor={editor} which="image" />
      </Form.Item>
      {MEDIA_KINDS.includes(kind) ? (
        <Form.Item label={t('admin.media')} help={errors.media_id}>
          <FileField editor={editor} which="media" />
        </Form.Item>
      ) : null}
      {LINK_KINDS.includes(kind) ? (
        <Form.Item label={t('admin.link')} help={errors.link}>
          <Input value={editor.link} onChange={editor.setLink} data-testid="content-link" />
        </Form.Item>
      ) : null}
      <Form.Item label={t('admin.published')} childElementPosition="right">
        <Switch checked={editor.published} onChange={editor.setPublished} data-testid="content-published" />
      </Form.Item>
      <Form.Item label={t('admin.publishAt')} help={errors.publish_at}>
        <input
          type="datetime-local"
          className="admin-datetime"
          value={editor.publishAt}
          onChange={(e) => editor.setPublishAt(e.target.value)}
          data-testid="content-publish-at"
        />
      </Form.Item>
      <Form.Item label={t('admin.sortOrder')}>
        <Input type="number" value={editor.sortOrder} onChange={editor.setSortOrder} />
      </Form.Item>
    </Form>
  );
}

/** The item's picture or media file: what is there, an upload button, and a way to remove it. */
function FileField({ editor, which }: { editor: ContentEditor; which: 'image' | 'media' }) {
  const { t } = useTranslation('content');
  const current = which === 'image' ? editor.image : editor.media;
  const accept =
    which === 'image'
      ? 'image/jpeg,image/png,image/webp'
      : editor.kind === 'video'
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
        busy={editor.uploading !== ''}
        testId={`content-${which}-input`}
        onFile={async (file) => {
          const kindOf = which === 'image' ? 'image' : file.type === 'application/pdf' ? 'pdf' : 'video';
          const ref = await editor.upload(kindOf, file);
          if (ref) (which === 'image' ? editor.setImage : editor.setMedia)(ref);
        }}
      />
      {current ? (
        <Button
          size="small"
          fill="none"
          onClick={() => (which === 'image' ? editor.setImage(null) : editor.setMedia(null))}
        >
          {t('admin.removeFile')}
        </Button>
      ) : null}
    </div>
  );
}

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

/** The language tabs, and a note when the shown language has no saved text yet. */
export function LanguageTabs({ editor }: { editor: ContentEditor }) {
  const { t } = useTranslation('content');
  return (
    <>
      <Tabs
        activeKey={editor.lang}
        onChange={(k) => editor.setLang(k as Language)}
        data-testid="content-langs"
      >
        {LANGUAGES.map((l) => (
          <Tabs.Tab key={l} title={<span data-testid={`content-lang-${l}`}>{l}</span>} />
        ))}
      </Tabs>
      {editor.id && !editor.saved ? (
        <p className="admin-note" data-testid="content-not-saved">
          {t('admin.notSaved')}
        </p>
      ) : null}
    </>
  );
}

/** The shown language's text: title, category (help items), summary and body. */
export function DraftForm({ editor }: { editor: ContentEditor }) {
  const { t } = useTranslation('content');
  const { draft, setDraft, errors } = editor;
  return (
    <Form layout="vertical">
      <Form.Item label={t('admin.title')} help={errors.title}>
        <Input
          value={draft.title}
          onChange={(v) => setDraft({ title: v })}
          maxLength={200}
          data-testid="content-title"
        />
      </Form.Item>
      {editor.kind === 'help' ? (
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
        <TextArea value={draft.summary} onChange={(v) => setDraft({ summary: v })} rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item label={t('admin.body')} help={errors.body}>
        <RichEditor
          label={t('admin.body')}
          value={draft.body}
          onChange={(body) => setDraft({ body })}
          onPicture={async (file) => (await editor.upload('image', file))?.url}
        />
      </Form.Item>
    </Form>
  );
}

/** Save the shown text, preview it, delete it, or delete the whole item. */
export function EditorActions({ editor, onPreview }: { editor: ContentEditor; onPreview: () => void }) {
  const { t } = useTranslation('content');
  const { id } = editor;
  return (
    <div className="admin-content-actions">
      <Button block color="primary" loading={editor.busy} onClick={editor.save} data-testid="content-save">
        {t('admin.save')}
      </Button>
      <Button block onClick={onPreview} data-testid="content-preview">
        {t('admin.preview')}
      </Button>
      {id && editor.saved ? (
        <Button block fill="outline" color="danger" onClick={() => editor.remove(false)}>
          {t('admin.deleteText')}
        </Button>
      ) : null}
      {id ? (
        <Button
          block
          fill="outline"
          color="danger"
          onClick={() => editor.remove(true)}
          data-testid="content-delete"
        >
          {t('admin.deleteItem')}
        </Button>
      ) : null}
    </div>
  );
}

/** The shown language's draft as members would see the article, in a full-width sheet. */
export function ContentPreview({
  editor,
  visible,
  onClose,
}: {
  editor: ContentEditor;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { draft, image, media } = editor;
  return (
    <Popup visible={visible} onMaskClick={onClose} position="right" bodyStyle={{ width: '100vw' }}>
      <PageLayout
        title={t('admin.preview')}
        back={false}
        right={
          <Button size="mini" onClick={onClose}>
            {t('admin.closePreview')}
          </Button>
        }
      >
        <ArticleView
          testId="content-preview-article"
          article={{
            id: Number(editor.id) || 0,
            kind: editor.kind,
            title: draft.title,
            summary: draft.summary,
            category: draft.category,
            image_url: image?.url ?? '',
            media_url: media?.url ?? '',
            media_type: media?.type ?? '',
            media_size: 0,
            link: editor.link,
            published_at: fromLocalInput(editor.publishAt) ?? new Date().toISOString(),
            // The unsaved draft, as the browser parses it; the saved text is the server's sanitized one.
            body_html: draft.body,
            lang: editor.lang,
          }}
        />
      </PageLayout>
    </Popup>
  );
}
