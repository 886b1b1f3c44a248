import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { WorldMap } from '../components/WorldMap.tsx';
import { PointCaption } from '../components/PlaceName.tsx';
import { pointFrom } from './ChooseLocationPage.tsx';
import { useMapTiles } from '../components/mapTiles.ts';
import '../location.css';

/** `/open-location?lat=&lng=&name=`: one place on the map, titled `name`, with its place name and coordinates. */
export default function OpenLocationPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const point = pointFrom(params);
  const tiles = useMapTiles();
  const name = params.get('name') ?? '';
  return (
    <PageLayout title={name || t('routes:/open-location')} testId="open-location-page">
      <WorldMap point={point} tiles={tiles} label={t('location.map')} />
      <PointCaption point={point} />
    </PageLayout>
  );
}
