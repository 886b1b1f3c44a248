import { KYC_IMAGE_TYPES, KYC_MAX_IMAGE_BYTES, ENQUIRY_MAX_PICTURES } from '@mp/contract/web';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { contentKeys, sendEnquiry } from '../api.ts';
import '../content.css';

function Thumb({ file, onRemove, label }: { file: File; onRemove: () => void; label: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <div className="cs-thumb">
      {url ? <img src={url} alt="" /> : <span>{file.name}</span>}
      <button type="button" onClick={onRemove} aria-label={label}>
        ×
      </button>
    </div>
  );
}

function ErrorLine({ text, testId }: { text: string | undefined; testId: string }) {
  return text ? (
    <p className="field-error" role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/** Write to customer service: subject, message and up to three pictures. */
export default function CustomerServicePage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [pictures, setPictures] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!subject.trim()) problems.subject = t('cs.required', { field: t('cs.subject') });
    if (!message.trim()) problems.message = t('cs.required', { field: t('cs.message') });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const files = Object.fromEntries(
        pictures.map((f, i) => [`picture${i + 1}`, f as unknown as Uint8Array]),
      );
      const { msg } = await sendEnquiry({ subject: subject.trim(), message: message.trim(), ...files });
      showToast(msg);
      await client.invalidateQueries({ queryKey: contentKeys.enquiries });
      navigate('/pages/personal/CSHistory', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(
          Object.fromEntries(
            err.errors.map((e) => [e.field.startsWith('picture') ? 'pictures' : e.field, e.message]),
          ),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout
      title={t('routes:/pages/personal/CustomerService')}
      testId="cs-page"
      right={
        <button
          type="button"
          className="nav-action"
          onClick={() => navigate('/pages/personal/CSHistory')}
          data-testid="cs-history-link"
        >
          {t('cs.history')}
        </button>
      }
    >
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" loading={busy} onClick={submit} data-testid="cs-send">
            {t('cs.send')}
          </Button>
        }
      >
        <Form.Item
          label={t('cs.subject')}
          help={errors.subject}
          className={errors.subject ? 'has-error' : undefined}
        >
          <Input
            value={subject}
            onChange={setSubject}
            maxLength={120}
            placeholder={t('cs.subjectPlaceholder')}
            data-testid="cs-subject"
          />
        </Form.Item>
        <ErrorLine text={errors.subject} testId="cs-subject-error" />
        <Form.Item label={t('cs.message')}>
          <TextArea
            value={message}
            onChange={setMessage}
            maxLength={4000}
            rows={5}
            showCount
            placeholder={t('cs.messagePlaceholder')}
            data-testid="cs-message"
          />
        </Form.Item>
        <ErrorLine text={errors.message} testId="cs-message-error" />
        <Form.Item label={t('cs.pictures')}>
          <div className="cs-pictures">
            {pictures.map((f, i) => (
              <Thumb
                key={`${f.name}-${f.size}-${f.lastModified}`}
                file={f}
                label={t('cs.removePicture')}
                onRemove={() => setPictures(pictures.filter((_, j) => j !== i))}
              />
            ))}
            {pictures.length < ENQUIRY_MAX_PICTURES ? (
              <label className="cs-add-picture">
                +<span>{t('cs.addPicture')}</span>
                <input
                  type="file"
                  accept={KYC_IMAGE_TYPES.join(',')}
                  data-testid="cs-picture-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (!file) return;
                    if (
                      !(KYC_IMAGE_TYPES as readonly string[]).includes(file.type) ||
                      file.size > KYC_MAX_IMAGE_BYTES
                    ) {
                      setErrors({ ...errors, pictures: t('cs.wrongPicture') });
                      return;
                    }
                    setErrors({ ...errors, pictures: '' });
                    setPictures([...pictures, file]);
                  }}
                />
              </label>
            ) : null}
          </div>
        </Form.Item>
        <ErrorLine text={errors.pictures} testId="cs-pictures-error" />
      </Form>
    </PageLayout>
  );
}
