import type { CityResponse } from 'maxmind';
import type { GeoLookup } from './geo-lookup';

/**
 * GEOIP_DB_PATH: a MaxMind-format city database read locally (the `maxmind` reader; no
 * network call per sign-in). English names, "City, Country" or just the country; private and
 * unknown addresses have no place.
 */
export async function openMaxmindGeoLookup(path: string): Promise<GeoLookup> {
  // Loaded only when GEOIP_DB_PATH is set (decision 055: start-up loads what it needs).
  const { default: maxmind } = await import('maxmind');
  const reader = await maxmind.open<CityResponse>(path);
  return {
    place(ip) {
      if (!ip || !maxmind.validate(ip)) return undefined;
      const found = reader.get(ip);
      const parts = [found?.city?.names.en, found?.country?.names.en].filter(
        (part): part is string => Boolean(part),
      );
      return parts.length > 0 ? parts.join(', ') : undefined;
    },
  };
}
