import { LinkOutline, PictureOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: string;
  onChange: (html: string) => void;
  /** Uploads a picture and answers its URL (the toolbar's picture button). */
  onPicture?: (file: File) => Promise<string | undefined>;
  label: string;
};

/**
 * The CMS's editor: formatting, headings, lists, links and pictures on an editable box. What it produces is only
 * a draft; the server keeps what its sanitizer allows (content/sanitize.ts), and the preview shows that.
 */
export function RichEditor({ value, onChange, onPicture, label }: Props) {
  const { t } = useTranslation('content');
  const box = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  // The box is uncontrolled while typing; a new value from outside (another language) replaces its content.
  useEffect(() => {
    if (box.current && box.current.innerHTML !== value) box.current.innerHTML = value;
  }, [value]);
  const run = (command: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(command, false, arg);
    onChange(box.current?.innerHTML ?? '');
  };
  const tool = (key: string, text: ReactNode, action: () => void) => (
    <button
      type="button"
      className="rich-tool"
      title={t(`admin.toolbar.${key}`)}
      aria-label={t(`admin.toolbar.${key}`)}
      onMouseDown={(e) => e.preventDefault()}
      onClick={action}
      data-testid={`rich-${key}`}
    >
      {text}
    </button>
  );
  return (
    <div className="rich-editor">
      <div className="rich-toolbar" role="toolbar" aria-label={label}>
        {tool('bold', 'B', () => run('bold'))}
        {tool('italic', 'I', () => run('italic'))}
        {tool('heading', 'H', () => run('formatBlock', 'h3'))}
        {tool('list', '•', () => run('insertUnorderedList'))}
        {tool('link', <LinkOutline />, () => {
          const url = window.prompt(t('admin.toolbar.linkPrompt'), 'https://');
          if (url && /^(https?:\/\/|\/)/.test(url)) run('createLink', url);
        })}
        {onPicture ? tool('image', <PictureOutline />, () => file.current?.click()) : null}
        <input
          ref={file}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/webp"
          data-testid="rich-image-input"
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen || !onPicture) return;
            const url = await onPicture(chosen);
            if (url) run('insertImage', url);
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text box has no semantic element */}
      <div
        ref={box}
        className="rich-box"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        suppressContentEditableWarning
        onInput={() => onChange(box.current?.innerHTML ?? '')}
        data-testid="rich-box"
      />
    </div>
  );
}
