import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { appConfigQuery } from '../../system/api.ts';
import { WorldMap } from '../components/WorldMap.tsx';
import { pointFrom } from './ChooseLocationPage.tsx';
import '../location.css';

/** `/open-location?lat=&lng=&name=`: one place on the map, with its name and coordinates. */
export default function OpenLocationPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const point = pointFrom(params);
  const tiles = useQuery(appConfigQuery).data?.map_tiles ?? '';
  const name = params.get('name') ?? '';
  return (
    <PageLayout title={name || t('routes:/open-location')} testId="open-location-page">
      <WorldMap point={point} tiles={tiles} label={t('location.map')} />
      <p className="location-coords" data-testid="location-coords">
        {point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : t('location.none')}
      </p>
    </PageLayout>
  );
}
