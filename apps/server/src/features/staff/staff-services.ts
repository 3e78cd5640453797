import type { DatabaseConnection } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SharedState } from '../../lib/shared-state/shared-state';
import type { GeoLookup } from '../auth';
import type { SessionService } from '../auth';
import type { TwoFactorService } from '../auth';
import type { BonusService } from '../bonus';
import type { ChatService } from '../chat';
import type { IdentityService } from '../identity';
import type { PaymentsService } from '../payments';
import type { SupportService } from '../support';
import type { Ledger } from '../wallet';
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
  cashier: PaymentsService;
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
