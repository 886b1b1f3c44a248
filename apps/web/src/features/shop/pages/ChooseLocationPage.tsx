import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PointCaption } from '../components/PlaceName.tsx';
import { type Point, WorldMap } from '../components/WorldMap.tsx';
import { useMapTiles } from '../components/mapTiles.ts';
import '../location.css';

/** Reads `lat` and `lng` from search params: a point, or null when absent or out of range. */
export function pointFrom(params: URLSearchParams): Point | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  if (!params.get('lat') || !params.get('lng') || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** The map part of choosing a point: tap to place the marker and see where it is; `onChoose` gets it. */
export function LocationChooser({
  initial,
  onChoose,
}: {
  initial: Point | null;
  onChoose: (p: Point) => void;
}) {
  const { t } = useTranslation('shop');
  const tiles = useMapTiles();
  const [point, setPoint] = useState<Point | null>(initial);
  return (
    <div data-testid="location-chooser">
      <p className="shop-hint location-hint">{t('location.tapHint')}</p>
      <WorldMap point={point} tiles={tiles} onPick={setPoint} label={t('location.map')} />
      <PointCaption point={point} />
      <div className="page-section">
        <Button
          block
          color="primary"
          disabled={!point}
          onClick={() => {
            if (point) onChoose(point);
          }}
          data-testid="location-use"
        >
          {t('location.use')}
        </Button>
      </div>
    </div>
  );
}

/**
 * `/choose-location?back=<path>&lat=&lng=`: picks a point on the map and goes back to `back` (a path of this app)
 * with `lat` and `lng` added to its search.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.get('back') ?? '';
  return (
    <PageLayout title={t('routes:/choose-location')} testId="choose-location-page">
      <LocationChooser
        initial={pointFrom(params)}
        onChoose={(p) => {
          if (!back.startsWith('/')) {
            navigate(`/open-location?lat=${p.lat}&lng=${p.lng}`, { replace: true });
            return;
          }
          const [path, search = ''] = back.split('?');
          const q = new URLSearchParams(search);
          q.set('lat', String(p.lat));
          q.set('lng', String(p.lng));
          navigate(`${path}?${q.toString()}`, { replace: true });
        }}
      />
    </PageLayout>
  );
}
