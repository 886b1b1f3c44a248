import { useQuery } from '@tanstack/react-query';
import { Modal, Swiper } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken } from '../../../lib/session.ts';
import { type ContentArticle, coinsQuery, latestNewsQuery, nextNotice, slidersQuery } from '../api.ts';
import { openLink, SafeHtml } from './ArticleView.tsx';
import '../content.css';
import { formatPrice } from '../../../lib/price.ts';

const articlePath = (id: number) => `/pages/home/HomeshowOneNews?id=${id}`;

/**
 * The home page's slider pictures (admin-managed), each leading to its link. Each part of the home page renders its
 * answer a render behind (useDeferredValue): React renders it in a transition, in short pieces, instead of in one
 * task as soon as the answer comes (a query's update alone is never time-sliced).
 */
function Sliders() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const data = useDeferredValue(useQuery(slidersQuery()).data);
  if (!data?.list.length) return null;
  return (
    <Swiper className="home-slider" autoplay loop data-testid="home-slider">
      {data.list.map((s, i) => (
        <Swiper.Item key={s.id}>
          <button
            type="button"
            className="home-slide"
            onClick={() => openLink(s.link, navigate)}
            aria-label={t('slider', { n: i + 1, title: s.title })}
            data-testid={`home-slide-${s.id}`}
          >
            <img src={s.image_url} alt={s.title} />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

/**
 * The latest news title on a strip, leading to the article; the strip's label leads to all news. Still text (no
 * marquee): readable with a screen reader and at 4.5:1 contrast.
 */
function LatestNews() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const data = useDeferredValue(useQuery(latestNewsQuery()).data);
  const first = data?.list[0];
  if (!first) return null;
  return (
    <div className="home-news-strip" data-testid="home-latest-news">
      <button
        type="button"
        className="home-news-label"
        onClick={() => navigate('/pages/home/HomegetAllNews')}
      >
        <SoundOutline aria-hidden /> {t('latestNews')}
      </button>
      <button type="button" className="home-news-title" onClick={() => navigate(articlePath(first.id))}>
        {first.title}
      </button>
    </div>
  );
}

/** Coin prices from the market feed (labelled when simulated, or reference figures when it has none); a tap opens the markets. */
function Coins() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const data = useDeferredValue(useQuery(coinsQuery).data);
  if (!data?.list.length) return null;
  return (
    <section className="home-coins" aria-label={t('coins')} data-testid="home-coins">
      <ul>
        {data.list.map((c) => (
          <li key={c.symbol}>
            <button
              type="button"
              onClick={() =>
                navigate(`/pages/trade/onlinec?symbol=${encodeURIComponent(`${c.symbol}/USDT`)}`)
              }
              disabled={data.source === 'reference'}
              data-testid={`home-coin-${c.symbol}`}
            >
              <strong>{c.symbol}</strong>
              {/* A price keeps its market's digits (data-exact: the figures check passes it). */}
              <span data-exact>{formatPrice(c.price)}</span>
              {data.source !== 'reference' && (
                <span className={Number(c.change_24h) < 0 ? 'coin-down' : 'coin-up'}>
                  {Number(c.change_24h) > 0 ? '+' : ''}
                  {c.change_24h}%
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {data.source !== 'market' ? (
        <p className="home-coins-note" data-testid={`home-coins-${data.source}`}>
          {t(data.source === 'reference' ? 'referencePrices' : 'simulatedPrices')}
        </p>
      ) : null}
    </section>
  );
}

/** An important notice the member has not acknowledged yet, once; acknowledging it brings the next one. */
function NoticePopup() {
  const { t } = useTranslation('home');
  const [notice, setNotice] = useState<ContentArticle | null>(null);
  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    nextNotice()
      .then((r) => live && setNotice(r.notice))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (!notice) return null;
  return (
    <Modal
      visible
      title={notice.title}
      content={<SafeHtml html={notice.body_html} testId="notice-body" />}
      closeOnAction
      actions={[{ key: 'ok', text: t('gotIt'), primary: true }]}
      onClose={() => {
        const seen = notice.id;
        setNotice(null);
        nextNotice(seen)
          .then((r) => setNotice(r.notice))
          .catch(() => {});
      }}
      data-testid="notice-popup"
    />
  );
}

/** What the CMS puts on the home page; its own chunk, loaded after the first screen. */
export default function HomeContent({ part }: { part: 'top' | 'strips' }) {
  if (part === 'top') return <Sliders />;
  return (
    <>
      <LatestNews />
      <Coins />
      <NoticePopup />
    </>
  );
}
