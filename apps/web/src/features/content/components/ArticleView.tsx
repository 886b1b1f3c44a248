import { Button } from 'antd-mobile';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import type { ContentArticle } from '../api.ts';

/** Follows a CMS link: a page of the app in place, the web in a new tab. */
export function openLink(link: string, navigate: (to: string) => void) {
  if (link.startsWith('/')) navigate(link);
  else if (link) window.open(link, '_blank', 'noopener,noreferrer');
}

/** Where the full-screen viewer shows a picture. */
export const previewPath = (src: string) => `/preview-image?src=${encodeURIComponent(src)}`;

/**
 * HTML the server sanitized when it was saved (content/sanitize.ts): formatting, links and pictures only. A click
 * on a picture inside may open it full screen (`onClick`); the pictures are also reachable from the article's cover.
 */
export function SafeHtml({
  html,
  testId,
  onClick,
}: {
  html: string;
  testId?: string;
  onClick?: (e: MouseEvent<HTMLDivElement>) => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only zooms pictures, which the cover's button also opens
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above; keyboard users open pictures from the cover
    <div
      className="article-body"
      data-testid={testId}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when saved
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

type Props = { article: ContentArticle; reads?: number; testId?: string };

/**
 * An item as a member reads it: picture, title, date, the server-sanitized body (its pictures open full screen),
 * and its video or PDF.
 */
export function ArticleView({ article, reads, testId = 'article' }: Props) {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const onBodyClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target instanceof HTMLImageElement && target.getAttribute('src')) {
      e.preventDefault();
      navigate(previewPath(target.getAttribute('src') ?? ''));
    }
  };
  const isVideo = article.media_type.startsWith('video/');
  return (
    <article className="article" data-testid={testId} lang={article.lang}>
      {/* A video's picture is its poster: shown once, on the player, not again above the title. */}
      {article.image_url && !isVideo ? (
        <button
          type="button"
          className="article-cover"
          onClick={() => navigate(previewPath(article.image_url))}
        >
          <img src={article.image_url} alt="" data-testid="article-image" />
        </button>
      ) : null}
      <h2 className="article-title" data-testid="article-title">
        {article.title}
      </h2>
      <p className="article-meta">
        {formatDateTime(article.published_at, i18n.language as never)}
        {reads !== undefined ? (
          <span data-testid="article-reads"> · {t('read', { count: reads })}</span>
        ) : null}
      </p>
      {article.lang !== i18n.language ? (
        <p className="article-fallback" data-testid="article-fallback">
          {t('englishOnly')}
        </p>
      ) : null}
      <SafeHtml html={article.body_html} testId="article-body" onClick={onBodyClick} />
      {isVideo ? (
        // biome-ignore lint/a11y/useMediaCaption: the CMS takes no caption files yet; the text above describes the video
        <video
          className="article-video"
          controls
          preload="metadata"
          playsInline
          poster={article.image_url || undefined}
          src={article.media_url}
          data-testid="article-video"
        >
          <a href={article.media_url} download>
            {t('download')}
          </a>
        </video>
      ) : null}
      {article.media_type === 'application/pdf' ? (
        <div className="article-actions">
          <Button
            block
            color="primary"
            onClick={() => navigate(`/pages/home/webView?id=${article.id}`)}
            data-testid="article-open-pdf"
          >
            {t('openPdf')}
          </Button>
        </div>
      ) : null}
      {article.link ? (
        <div className="article-actions">
          <Button block onClick={() => openLink(article.link, navigate)} data-testid="article-link">
            {t('learnMore')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
