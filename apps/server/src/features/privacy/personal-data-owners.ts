import type { PersonalDataOwner } from '../../lib/personal-data';
import { authPersonalData, twoFactorPersonalData } from '../auth';
import { bonusPersonalData } from '../bonus';
import { chatPersonalData } from '../chat';
import { gameSessionsPersonalData } from '../game-sessions';
import { gamesPersonalData } from '../games';
import { identityPersonalData } from '../identity';
import { paymentsPersonalData } from '../payments';
import { reportsPersonalData } from '../reports';
import { rgPersonalData } from '../responsible-gaming';
import { staffPersonalData } from '../staff';
import { supportPersonalData } from '../support';
import type { AvatarStore } from '../users';
import { usersPersonalData } from '../users';
import { walletPersonalData } from '../wallet';
import { closurePersonalData } from './closure-personal-data';

export interface PersonalDataOwnersDeps {
  /** The users feature's avatar store (app.users.avatars). */
  avatars: AvatarStore;
  /** Deletes the stored bytes of the player's identity documents (app.identity). */
  forgetDocuments: (userId: string) => Promise<void>;
}

/**
 * Every feature that stores something about a player, in the order of the export file's
 * sections; the closure checks run in this order too (the wallet's lock first), then the
 * erasures, the closure's own record last.
 */
export function personalDataOwners(deps: PersonalDataOwnersDeps): PersonalDataOwner[] {
  return [
    usersPersonalData(deps.avatars),
    authPersonalData,
    walletPersonalData,
    paymentsPersonalData,
    bonusPersonalData,
    twoFactorPersonalData,
    identityPersonalData(deps.forgetDocuments),
    chatPersonalData,
    supportPersonalData,
    gameSessionsPersonalData,
    gamesPersonalData,
    rgPersonalData,
    reportsPersonalData,
    staffPersonalData,
    closurePersonalData,
  ];
}
