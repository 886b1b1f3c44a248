import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import {
  ContentPreview,
  DraftForm,
  EditorActions,
  ItemSettingsForm,
  LanguageTabs,
} from '../components/ContentEditForms.tsx';
import { useContentEditor } from '../useContentEditor.ts';
import '../content.css';

/** Edits one CMS item: shared settings, then a text per language (saved one language at a time), with a preview. */
export default function AdminContentEditPage() {
  const { t } = useTranslation('content');
  const editor = useContentEditor();
  const [preview, setPreview] = useState(false);

  if (editor.id && editor.detail.isPending)
    return (
      <PageLayout title={t('routes:/pages/admin/contentedit')}>
        <LoadingBlock />
      </PageLayout>
    );

  return (
    <PageLayout title={t('routes:/pages/admin/contentedit')} testId="admin-content-edit-page">
      <ItemSettingsForm editor={editor} />
      <LanguageTabs editor={editor} />
      <DraftForm editor={editor} />
      <EditorActions editor={editor} onPreview={() => setPreview(true)} />
      <ContentPreview editor={editor} visible={preview} onClose={() => setPreview(false)} />
    </PageLayout>
  );
}
