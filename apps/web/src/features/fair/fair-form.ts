import { z } from 'zod';
import type { FairRound } from './fair-check';
import { parseResult } from './fair-result';
import { FAIR_GAMES, type FairGame } from './reproduce';

/** The verifier's fields, as typed (or filled from a round's "Verify" link). */
export interface FairFormValues {
  game: FairGame;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: string;
  result: string;
}

/** A message key of the `fair.errors` texts. */
export type FairErrorKey =
  | 'serverSeedRequired'
  | 'serverSeedHex'
  | 'commitmentRequired'
  | 'commitmentHex'
  | 'clientSeedInvalid'
  | 'nonceInvalid'
  | 'resultRequired'
  | `result.${FairGame}`;

/** A server seed and its commitment: 32 bytes written as 64 hexadecimal characters. */
const hex64 = /^[0-9a-f]{64}$/i;
/** The studios' rule for a client seed: 1 to 64 printable ASCII characters, no spaces. */
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

export function isFairGame(value: unknown): value is FairGame {
  return (FAIR_GAMES as readonly unknown[]).includes(value);
}

/**
 * Every field checked before anything is computed (issue 25: "undefined" was taken for a
 * seed): the two hex values of the right length, a client seed the studios accept, a whole
 * nonce, and a result in the game's own terms.
 */
export function validateFairForm(
  values: FairFormValues,
): Partial<Record<keyof FairFormValues, FairErrorKey>> {
  const errors: Partial<Record<keyof FairFormValues, FairErrorKey>> = {};
  const serverSeed = values.serverSeed.trim();
  if (serverSeed === '') errors.serverSeed = 'serverSeedRequired';
  else if (!hex64.test(serverSeed)) errors.serverSeed = 'serverSeedHex';
  const commitment = values.commitment.trim();
  if (commitment === '') errors.commitment = 'commitmentRequired';
  else if (!hex64.test(commitment)) errors.commitment = 'commitmentHex';
  if (!clientSeedPattern.test(values.clientSeed)) errors.clientSeed = 'clientSeedInvalid';
  if (!/^\d{1,15}$/.test(values.nonce.trim())) errors.nonce = 'nonceInvalid';
  if (values.result.trim() === '') errors.result = 'resultRequired';
  else if (!parseResult(values.game, values.result)) errors.result = `result.${values.game}`;
  return errors;
}

/** The form's schema (decision 038): the rules above, then the round to check. */
export function fairFormSchema() {
  return z
    .object({
      game: z.enum(FAIR_GAMES as [FairGame, ...FairGame[]]),
      serverSeed: z.string(),
      commitment: z.string(),
      clientSeed: z.string(),
      nonce: z.string(),
      result: z.string(),
    })
    .superRefine((values, context) => {
      for (const [field, key] of Object.entries(validateFairForm(values))) {
        context.addIssue({ code: 'custom', path: [field], message: key });
      }
    })
    .transform((values): FairRound => ({
      game: values.game,
      // Hex is the same value in either case; the studios write it lower-case.
      serverSeed: values.serverSeed.trim().toLowerCase(),
      commitment: values.commitment.trim().toLowerCase(),
      clientSeed: values.clientSeed,
      nonce: Number(values.nonce.trim()),
      recorded: parseResult(values.game, values.result)!,
    }));
}

/** The fields a round's "Verify" link fills (`?game=&server=&hash=&client=&nonce=&result=`). */
export function valuesFromLink(params: URLSearchParams): FairFormValues | null {
  const game = params.get('game');
  if (!isFairGame(game) || !params.has('server')) return null;
  return {
    game,
    serverSeed: params.get('server') ?? '',
    commitment: params.get('hash') ?? '',
    clientSeed: params.get('client') ?? '',
    nonce: params.get('nonce') ?? '',
    result: params.get('result') ?? '',
  };
}
