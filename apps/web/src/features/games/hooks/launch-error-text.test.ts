import { beforeAll, describe, expect, it } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { i18n } from '../../../shared/i18n/i18n';
import { ApiError } from '../../../shared/lib/api-client';
import { launchErrorText } from './launch-error-text';

beforeAll(() => loadGamesMessages());

const error = (status: number, code: string) => new ApiError({ status, code, message: code });

describe('launchErrorText', () => {
  it('says the provider is switched off (404 PROVIDER_DISABLED), not that the game is gone', () => {
    expect(launchErrorText(error(404, 'PROVIDER_DISABLED'), 'pragmatic', i18n.t)).toBe(
      'Игры Pragmatic Play сейчас здесь недоступны.',
    );
    expect(launchErrorText(error(404, 'GAME_NOT_FOUND'), 'pragmatic', i18n.t)).toBe(
      'Эта игра больше недоступна.',
    );
    expect(launchErrorText(error(503, 'PROVIDER_UNAVAILABLE'), 'pragmatic', i18n.t)).toBe(
      'Pragmatic Play сейчас не отвечает. Попробуйте через минуту.',
    );
  });
});
