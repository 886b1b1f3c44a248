import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../system/api.ts';

/** The operator's tile server (MAP_TILE_URL) and its credit (MAP_TILE_ATTRIBUTION); no url: the offline map. */
export type MapTiles = { url: string; credit: string };

export function useMapTiles(): MapTiles {
  const config = useQuery(appConfigQuery).data;
  return { url: config?.map_tiles ?? '', credit: config?.map_tiles_credit ?? '' };
}

/** Leaflet's attribution takes HTML: the operator's credit is shown as the text it is. */
export function creditHtml(credit: string): string {
  const text = credit.trim() || '© map tiles';
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
