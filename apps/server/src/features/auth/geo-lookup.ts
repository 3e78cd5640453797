/**
 * An approximate place for an IP ("Berlin, Germany"), from a local geo database when one is
 * configured (GEOIP_DB_PATH); without one, nothing: the place is left out, never guessed.
 */
export interface GeoLookup {
  place(ip: string | null | undefined): string | undefined;
}

export const noGeoLookup: GeoLookup = { place: () => undefined };
