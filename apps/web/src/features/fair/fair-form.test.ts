import { describe, expect, it } from 'vitest';
import { fairFormSchema, validateFairForm, valuesFromLink, type FairFormValues } from './fair-form';

const seed = 'f9c2bf73ecd36f273d466d1e0491f9f821807427355f3f6462718b58fe61ad11';
const commitment = '9bd045d845594b2770c8ec6786894da3514f20627b504701229612dbc83cb602';
const good: FairFormValues = {
  game: 'roulette',
  serverSeed: seed,
  commitment,
  clientSeed: 'client-seed',
  nonce: '0',
  result: '11',
};
const errorsOf = (values: Partial<FairFormValues>) => validateFairForm({ ...good, ...values });

describe('the fair check’s fields (issue 25: "undefined" was taken for a seed)', () => {
  it('accepts a complete round', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ serverSeed: seed.toUpperCase() })).toEqual({});
  });

  it('wants the server seed and the commitment as 64 hexadecimal characters', () => {
    expect(errorsOf({ serverSeed: '' })).toEqual({ serverSeed: 'serverSeedRequired' });
    expect(errorsOf({ serverSeed: 'undefined' })).toEqual({ serverSeed: 'serverSeedHex' });
    expect(errorsOf({ serverSeed: seed.slice(1) })).toEqual({ serverSeed: 'serverSeedHex' });
    expect(errorsOf({ serverSeed: `${seed}0` })).toEqual({ serverSeed: 'serverSeedHex' });
    expect(errorsOf({ serverSeed: `${seed.slice(1)}g` })).toEqual({ serverSeed: 'serverSeedHex' });
    expect(errorsOf({ commitment: '' })).toEqual({ commitment: 'commitmentRequired' });
    expect(errorsOf({ commitment: 'undefined' })).toEqual({ commitment: 'commitmentHex' });
  });

  it('wants a client seed the studios accept and a whole nonce', () => {
    expect(errorsOf({ clientSeed: '' })).toEqual({ clientSeed: 'clientSeedInvalid' });
    expect(errorsOf({ clientSeed: 'my seed' })).toEqual({ clientSeed: 'clientSeedInvalid' });
    expect(errorsOf({ clientSeed: 'x'.repeat(65) })).toEqual({ clientSeed: 'clientSeedInvalid' });
    expect(errorsOf({ clientSeed: 'x'.repeat(64) })).toEqual({});
    for (const nonce of ['', '-1', '1.5', 'abc', 'undefined']) {
      expect(errorsOf({ nonce })).toEqual({ nonce: 'nonceInvalid' });
    }
  });

  it('wants the recorded result in the game’s terms', () => {
    expect(errorsOf({ result: '' })).toEqual({ result: 'resultRequired' });
    expect(errorsOf({ result: '37' })).toEqual({ result: 'result.roulette' });
    expect(errorsOf({ game: 'keno', result: '11' })).toEqual({ result: 'result.keno' });
  });

  it('gives the round to check, seeds lower-cased', () => {
    const round = fairFormSchema().parse({ ...good, serverSeed: seed.toUpperCase(), nonce: ' 7 ' });
    expect(round).toEqual({
      game: 'roulette',
      serverSeed: seed,
      commitment,
      clientSeed: 'client-seed',
      nonce: 7,
      recorded: { game: 'roulette', pocket: 11 },
    });
  });

  it('reads a round’s Verify link', () => {
    const link = new URLSearchParams({
      game: 'crash',
      server: seed,
      hash: commitment,
      client: 'client-seed',
      nonce: '0',
      result: '18.14',
    });
    expect(valuesFromLink(link)).toEqual({
      game: 'crash',
      serverSeed: seed,
      commitment,
      clientSeed: 'client-seed',
      nonce: '0',
      result: '18.14',
    });
    expect(valuesFromLink(new URLSearchParams({ game: 'poker', server: seed }))).toBeNull();
    expect(valuesFromLink(new URLSearchParams())).toBeNull();
  });
});
