import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCityMmdb } from '../../../test/helpers/mmdb';
import { openMaxmindGeoLookup } from './maxmind-geo-lookup';

describe('the MaxMind geo lookup', () => {
  let dir: string;
  let path: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geo-'));
    path = join(dir, 'city.mmdb');
    await writeFile(path, writeCityMmdb('203.0.113.0', 24, 'Lisbon', 'Portugal'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the city and country of an address in the database, nothing for others', async () => {
    const geo = await openMaxmindGeoLookup(path);
    expect(geo.place('203.0.113.77')).toBe('Lisbon, Portugal');
    expect(geo.place('198.51.100.1')).toBeUndefined();
    expect(geo.place('not an ip')).toBeUndefined();
    expect(geo.place(null)).toBeUndefined();
  });
});
