import { useQuery } from '@tanstack/react-query';
import { CustomHeader } from '../../../components/CustomHeader.tsx';
import { homePackagesQuery } from '../../mining/api.ts';
import { HomePackages } from '../../mining/components/HomePackages.tsx';
import { AnnouncementList } from '../components/AnnouncementList.tsx';
import { AreaGrid } from '../components/AreaGrid.tsx';
import { useExitOnDoublePress } from '../useExitOnDoublePress.ts';

/** The main page (home tab): custom header, entries to every area, announcements. */
export default function HomePage() {
  useExitOnDoublePress();
  // The announcements wait for the packages above them, so the packages never push them down the screen.
  const packagesSettled = !useQuery(homePackagesQuery).isPending;
  return (
    <div className="page" data-testid="home-page">
      <CustomHeader />
      <main className="page-body">
        <AreaGrid />
        <HomePackages />
        {packagesSettled ? <AnnouncementList /> : null}
      </main>
    </div>
  );
}
