import {
  changePasswordRequestSchema,
  settingsRequestSchema,
  settingsResponseSchema,
  statusResponseSchema,
  verifySettingRequestSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../lib/language';
import { requirePlayer, signedInRoutes } from '../auth';
import type { SettingsService } from './settings-service';

export interface SettingsRoutesOptions {
  service: SettingsService;
}

/** The player's own settings: username, e-mail (with a code) and password. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = (app, { service }) => {
  const signedIn = signedInRoutes(app, 'user');
  app.patch(
    '/user/setting',
    signedIn('Change the username (at once) or the e-mail (a code goes to the new address first)', {
      description:
        'An e-mail change needs `twoFactorCode` while two-factor sign-in is on ' +
        '(403 TWO_FACTOR_REQUIRED without it, 400 TWO_FACTOR_INVALID when wrong).',
      body: settingsRequestSchema,
      response: { 200: settingsResponseSchema },
    }),
    async (request) => {
      const player = requirePlayer(request);
      const body = request.body;
      if ('username' in body) return service.changeUsername(player, body.username);
      const language = preferredLanguage(request.headers['accept-language']);
      return service.requestEmailChange(player, body.email, language, {
        code: body.twoFactorCode,
        ip: request.ip,
      });
    },
  );

  app.post(
    '/user/verify-setting',
    signedIn('Confirm the pending e-mail change with the code sent to the new address', {
      body: verifySettingRequestSchema,
      response: { 200: settingsResponseSchema },
    }),
    async (request) => service.verifyEmailChange(requirePlayer(request), request.body.data),
  );

  app.patch(
    '/user/reset-password',
    signedIn(
      'Change the password; every other session is signed out unless signOutOthers is false',
      { body: changePasswordRequestSchema, response: { 200: statusResponseSchema } },
    ),
    async (request) => {
      await service.changePassword(requirePlayer(request), request.body, request.ip);
      return { status: 'updated' as const };
    },
  );

  return Promise.resolve();
};
