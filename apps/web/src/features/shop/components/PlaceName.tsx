import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/useSession.ts';
import { type Point, placeLabel, placeQuery } from '../place.ts';

/**
 * The name of a point on the map ("Town, Region, Country"), looked up offline by the server. The lookup is a
 * member's call: a visitor on the public map pages sees the coordinates only.
 */
export function PlaceName({ point }: { point: Point }) {
  const { t } = useTranslation('shop');
  const member = useIsLoggedIn();
  const place = useQuery({ ...placeQuery(point), enabled: member });
  if (!member) return null;
  const text = place.data
    ? placeLabel(place.data, currentLanguage()) || t('location.nowhere')
    : place.isError
      ? t('location.unnamed')
      : t('location.looking');
  return (
    <span className="place-name" data-testid="place-name" data-ready={place.data ? 'yes' : 'no'}>
      {text}
    </span>
  );
}

/** A point's place name, with its coordinates small below; "no place chosen yet" without one. */
export function PointCaption({ point }: { point: Point | null }) {
  const { t } = useTranslation('shop');
  if (!point) return <p className="location-coords">{t('location.none')}</p>;
  return (
    <>
      <p className="location-place">
        <PlaceName point={point} />
      </p>
      <p className="location-coords" data-testid="location-coords">
        {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
      </p>
    </>
  );
}
