import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail/mailer';
import { newDeviceMail } from '../../lib/mail/new-device-template';
import { createAccountRepository } from './account-repository';
import { describeUserAgent } from './device-description';
import type { GeoLookup } from './geo-lookup';
import { createKnownDeviceRepository } from './known-device-repository';

export interface SignInFrom {
  userId: string;
  /** The device cookie the browser sent, if any. */
  deviceId: string | undefined;
  /** Tell the player by e-mail when the browser is new (login: yes; registration: no). */
  notify: boolean;
  language: Language;
  userAgent: string | undefined;
  ip: string;
}

/**
 * Recognises the browsers a player signs in from by a random id in an httpOnly cookie (a
 * User-Agent is shared by millions of browsers; an IP changes with every network).
 */
export interface KnownDevices {
  /** Records the browser for the player; returns the id its cookie must hold from now on. */
  signedIn(from: SignInFrom): Promise<string>;
}

const deviceIdPattern = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

export function createKnownDevices(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  geo: GeoLookup;
  publicUrl: string | undefined;
}): KnownDevices {
  const devices = createKnownDeviceRepository(deps.db);
  const accounts = createAccountRepository(deps.db);

  async function notice(from: SignInFrom, at: Date) {
    const account = await accounts.findById(from.userId);
    if (!account) return;
    const seen = describeUserAgent(from.userAgent);
    const device =
      seen.browser && seen.os ? `${seen.browser}, ${seen.os}` : (seen.browser ?? seen.os);
    await deps.mailer.send({
      to: account.email,
      ...newDeviceMail({
        language: from.language,
        username: account.username,
        device,
        place: deps.geo.place(from.ip),
        at,
        publicUrl: deps.publicUrl,
      }),
    });
  }

  return {
    async signedIn(from) {
      const now = deps.clock.now();
      const sent = from.deviceId !== undefined && deviceIdPattern.test(from.deviceId);
      const deviceId = sent ? (from.deviceId as string) : randomBytes(32).toString('base64url');
      if (sent && (await devices.touch(from.userId, hashOf(deviceId), now))) return deviceId;
      await devices.add(from.userId, hashOf(deviceId), now);
      if (from.notify) deps.background.run('new device notice', () => notice(from, now));
      return deviceId;
    },
  };
}
