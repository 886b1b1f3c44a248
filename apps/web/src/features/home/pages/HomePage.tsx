import { CustomHeader } from '../../../components/CustomHeader.tsx';
import { HomePackages } from '../../mining/components/HomePackages.tsx';
import { AnnouncementList } from '../components/AnnouncementList.tsx';
import { AreaGrid } from '../components/AreaGrid.tsx';
import { useExitOnDoublePress } from '../useExitOnDoublePress.ts';

/** The main page (home tab): custom header, entries to every area, announcements. */
export default function HomePage() {
  useExitOnDoublePress();
  return (
    <div className="page" data-testid="home-page">
      <CustomHeader />
      <main className="page-body">
        <AreaGrid />
        <HomePackages />
        <AnnouncementList />
      </main>
    </div>
  );
}
