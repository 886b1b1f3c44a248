import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { articleQuery } from '../api.ts';
import { ContentList } from '../components/ContentList.tsx';
import { PdfViewer } from '../components/PdfViewer.tsx';
import '../content.css';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Files: the list, and one PDF in the app's own viewer with a download link (`?id=`). */
export default function WebViewPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useQuery({ ...articleQuery(id), enabled: Boolean(id) });
  if (!id) {
    return (
      <PageLayout title={t('routes:/pages/home/webView')} testId="files-page">
        <ContentList
          kind="file"
          onOpen={(f) => navigate(`/pages/home/webView?id=${f.id}`)}
          extra={(f) => (f.media_size ? sizeText(f.media_size) : '')}
          testId="file-list"
        />
      </PageLayout>
    );
  }
  const data = item.data;
  return (
    <PageLayout
      title={data?.title ?? t('routes:/pages/home/webView')}
      testId="webview-page"
      right={
        data?.media_url ? (
          <a className="nav-action" href={data.media_url} download data-testid="pdf-download">
            {t('download')}
          </a>
        ) : undefined
      }
    >
      {item.isPending ? <LoadingBlock /> : null}
      {item.isError ? <LoadFailed onRetry={() => item.refetch()} /> : null}
      {data?.media_type === 'application/pdf' ? <PdfViewer url={data.media_url} /> : null}
    </PageLayout>
  );
}
