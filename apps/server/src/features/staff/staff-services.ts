import type { DatabaseConnection } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SharedState } from '../../lib/shared-state/shared-state';
import type { GeoLookup } from '../auth/geo-lookup';
import type { SessionService } from '../auth/session-service';
import type { TwoFactorService } from '../auth/two-factor-service';
import type { BonusService } from '../bonus/bonus-service';
import type { ChatService } from '../chat/chat-service';
import type { IdentityService } from '../identity/identity-service';
import type { CashierDeps } from '../payments/cashier-deps';
import type { SupportService } from '../support/support-service';
import type { Ledger } from '../wallet/ledger';
import type { FourEyes } from './four-eyes';
import type { PlayersRepository } from './players-repository';
import type { StaffAuthService } from './staff-auth-service';
import type { WithdrawalQueue } from './withdrawal-queue';

/** What the staff routes work with: this feature's services and the other features' own. */
export interface StaffServices {
  db: DatabaseConnection;
  clock: Clock;
  shared: SharedState;
  auth: StaffAuthService;
  fourEyes: FourEyes;
  players: PlayersRepository;
  withdrawals: WithdrawalQueue;
  ledger: Ledger;
  cashier: CashierDeps;
  identity: IdentityService;
  chat: ChatService;
  support: SupportService;
  bonus: BonusService;
  twoFactor: TwoFactorService;
  playerSessions: SessionService;
  geo: GeoLookup;
  /** BACKOFFICE_FOUR_EYES_AMOUNT as typed ("500.00"). */
  fourEyesAmount: string;
  secureCookie: boolean;
}
