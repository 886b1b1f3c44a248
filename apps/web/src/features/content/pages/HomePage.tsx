import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { CustomHeader } from '../../../components/CustomHeader.tsx';
import { homePackagesQuery } from '../../mining/api.ts';
import { AnnouncementList } from '../components/AnnouncementList.tsx';
import { AreaGrid } from '../components/AreaGrid.tsx';
import { useExitOnDoublePress } from '../useExitOnDoublePress.ts';

/** The CMS's sliders, news strip, coin prices and notices: a chunk of their own, after the first screen. */
const HomeContent = lazy(() => import('../components/HomeContent.tsx'));
/**
 * The packages on sale: a chunk of their own too (cards, amounts and their formats stay out of the first load,
 * about 3 KB). It loads while their query runs, so they show hardly later than before.
 */
const HomePackages = lazy(() =>
  import('../../mining/components/HomePackages.tsx').then((m) => ({ default: m.HomePackages })),
);

/** The main page (home tab): custom header, sliders, entries to every area, news, packages, announcements. */
export default function HomePage() {
  useExitOnDoublePress();
  // The announcements wait for the packages above them (their data, and their chunk: both in one Suspense), so the
  // packages never push them down the screen; they are added in a transition (in short pieces), like the packages.
  const packagesSettled = useDeferredValue(!useQuery(homePackagesQuery).isPending);
  return (
    <div className="page" data-testid="home-page">
      <CustomHeader />
      <main className="page-body">
        {/* The slider's box keeps its height while the pictures load, so nothing below moves. */}
        <div className="home-slider-box">
          <Suspense fallback={null}>
            <HomeContent part="top" />
          </Suspense>
        </div>
        <AreaGrid />
        <Suspense fallback={null}>
          <HomePackages />
          {packagesSettled ? (
            <>
              <Suspense fallback={null}>
                <HomeContent part="strips" />
              </Suspense>
              <AnnouncementList />
            </>
          ) : null}
        </Suspense>
      </main>
    </div>
  );
}
