import { Button, Swiper, type SwiperRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, INTRO_SEEN_KEY } from '../../../lib/navigation.ts';
import '../content.css';
import mine from '../assets/intro-1.webp';
import team from '../assets/intro-2.webp';
import wallets from '../assets/intro-3.webp';

/** One picture per slide, in the slides' order (drawn by scripts/demo-art; files of this route's chunk only). */
const PICTURES = [mine, team, wallets];

type Slide = { title: string; text: string };

/** The first-run intro slides: shown once, when a newcomer first opens the app. */
export default function IntroPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const swiper = useRef<SwiperRef>(null);
  const [index, setIndex] = useState(0);
  const slides = t('intro.slides', { returnObjects: true }) as Slide[];
  const finish = () => {
    localStorage.setItem(INTRO_SEEN_KEY, '1');
    navigate(HOME_PATH, { replace: true });
  };
  const last = index >= slides.length - 1;
  return (
    <div className="page intro-page" data-testid="intro-page">
      <button type="button" className="intro-skip" onClick={finish} data-testid="intro-skip">
        {t('intro.skip')}
      </button>
      <Swiper ref={swiper} onIndexChange={setIndex} className="intro-swiper">
        {slides.map((s, i) => (
          <Swiper.Item key={s.title}>
            <div className="intro-slide" data-testid={`intro-slide-${i + 1}`}>
              <img
                className="intro-picture"
                src={PICTURES[i % PICTURES.length]}
                alt=""
                width={280}
                height={240}
              />
              <h1>{s.title}</h1>
              <p>{s.text}</p>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
      <div className="intro-actions">
        <Button
          block
          color="primary"
          onClick={() => (last ? finish() : swiper.current?.swipeNext())}
          data-testid="intro-next"
        >
          {last ? t('intro.start') : t('next')}
        </Button>
      </div>
    </div>
  );
}
