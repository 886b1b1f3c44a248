import { useTranslation } from 'react-i18next';
import { PointCaption } from './PlaceName.tsx';
import type { Point } from '../place.ts';
import { WorldMap } from './WorldMap.tsx';
import { useMapTiles } from './mapTiles.ts';
import '../location.css';

/** A delivery point on a map nobody can move, with its place name: the lazy part of OrderPin. */
export default function OrderPinMap({ point, title }: { point: Point; title: string }) {
  const { t } = useTranslation('shop');
  const tiles = useMapTiles();
  return (
    <div data-testid="order-pin-map">
      <h3 className="location-hint">{title}</h3>
      <WorldMap point={point} tiles={tiles} label={t('location.map')} />
      <PointCaption point={point} />
    </div>
  );
}
