import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { creditHtml, type MapTiles } from './mapTiles.ts';

export type Point = { lat: number; lng: number };

const LAND: L.PathOptions = { color: '#8a5a00', weight: 0.6, fillColor: '#fff3d6', fillOpacity: 1 };

/**
 * A map that works offline: the world's countries drawn from a bundled low-detail layer (Natural Earth 1:110m
 * through world-atlas), with an operator's tile server on top when one is configured (MAP_TILE_URL, credited in
 * Leaflet's corner with MAP_TILE_ATTRIBUTION). One marker; with `onPick`, a tap moves it and reports the point.
 */
export function WorldMap({
  point,
  tiles,
  onPick,
  label,
}: {
  point: Point | null;
  tiles: MapTiles;
  onPick?: (p: Point) => void;
  label: string;
}) {
  const { t } = useTranslation('shop');
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const land = useRef<L.GeoJSON | null>(null);

  // The map, made once. Tiles come and go on their own below: re-making the map when the app's settings arrive
  // after the first draw used to leave it without a view, so no tiles and no marker.
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { worldCopyJump: true, attributionControl: false });
    const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
    land.current = L.geoJSON(feature(topo, topo.objects.countries), { style: LAND }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      const p = { lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.wrap().lng.toFixed(6)) };
      pick.current?.(p);
    });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
      land.current = null;
    };
  }, []);

  // The operator's tiles under the country outlines, whose fill would hide them, with the tiles' credit.
  useEffect(() => {
    const m = map.current;
    if (!m || !tiles.url) return;
    const layer = L.tileLayer(tiles.url, { maxZoom: 19 }).addTo(m);
    const credit = L.control.attribution().addAttribution(creditHtml(tiles.credit)).addTo(m);
    land.current?.setStyle({ ...LAND, fillOpacity: 0 });
    return () => {
      layer.remove();
      credit.remove();
      land.current?.setStyle(LAND);
    };
  }, [tiles.url, tiles.credit]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!point) {
      m.setView([15, 105], 3);
      return;
    }
    // The view first: Leaflet draws a marker only on a map that has one.
    m.setView([point.lat, point.lng], Math.max(m.getZoom() || 0, 4));
    if (!marker.current)
      marker.current = L.circleMarker([point.lat, point.lng], {
        radius: 9,
        color: '#1f1f1f',
        weight: 2,
        fillColor: '#ffaa00',
        fillOpacity: 1,
      }).addTo(m);
    else marker.current.setLatLng([point.lat, point.lng]);
  }, [point]);

  // Place names come from GeoNames (CC BY 4.0), which asks for this credit wherever they are shown.
  return (
    <>
      <div ref={box} className="world-map" role="application" aria-label={label} data-testid="world-map" />
      <p className="map-credits" data-testid="map-credits">
        {t('location.credits')}
      </p>
    </>
  );
}
