/**
 * The back office's roles and permissions (issue 28), in one file: the server's permission
 * check, the route table (routes.ts) and the back-office app's menus all read this.
 * One permission per action; a staff member holds one or more roles and gets the union.
 */
export const staffRoles = ['support', 'payments', 'risk', 'marketing', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const permissions = [
  /** The dashboard's figures. */
  'dashboard:read',
  /** Search, list and read players: profile, balances, history, payments, sessions… */
  'players:read',
  /** A player's ledger history as CSV (a sensitive read: audited). */
  'players:export',
  /** Append a staff note to a player. */
  'players:notes',
  /** Add and remove a player's tags. */
  'players:tags',
  /** Block and unblock a player (sessions end, bets refused). */
  'players:block',
  /** End a player's sign-in sessions. */
  'players:sessions',
  /** Turn off a player's lost second factor. */
  'players:two-factor-reset',
  /** A manual ledger adjustment with a reason (four-eyes above the threshold). */
  'wallet:adjust',
  /** The payments of a player and the deposits. */
  'payments:read',
  /** The withdrawal queue with its risk flags. */
  'withdrawals:read',
  /** Approve or reject a withdrawal (four-eyes above the threshold). */
  'withdrawals:decide',
  /** Approve a manual adjustment waiting for its second approval. */
  'approvals:decide',
  /** The identity queue and a check's state. */
  'identity:read',
  /** Open a player's identity document (a sensitive read: audited). */
  'identity:documents',
  /** Verify or reject an identity check. */
  'identity:decide',
  /** The players' limits (deposit, loss, session), read only. */
  'limits:read',
  /** Add or lower a player's limit, or put them in a time-out or exclusion (never lift one). */
  'limits:manage',
  /** Bonuses and wagering of a player (read). */
  'bonuses:read',
  /** Bonus offers, lobby and banners (the next issue). */
  'bonuses:manage',
  /** The live chat: read the room, hide messages, mute players. */
  'chat:moderate',
  /** The support desk: read the threads. */
  'support:read',
  /** The support desk: answer as staff. */
  'support:answer',
  /** The games and the lobby: a provider or a game switched on or off (issue 30). */
  'games:manage',
  /** The FAQ and the information pages: edit, publish (issue 30, decision 092). */
  'content:manage',
  /** The home carousel's banners: create, edit, upload art, order, retire (issue 30). */
  'banners:manage',
  /** Read and search the audit log. */
  'audit:read',
  /** The finance reports: stakes, wins, GGR, bonus cost, NGR, cashier, liability (issue 30). */
  'reports:finance',
  /** Staff accounts: set-up links, roles, disable, sessions of anyone. */
  'staff:manage',
] as const;
export type Permission = (typeof permissions)[number];

/** What each role may do. `admin` holds every permission. */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  support: [
    'dashboard:read',
    'players:read',
    'players:notes',
    'players:tags',
    'players:two-factor-reset',
    'bonuses:read',
    'chat:moderate',
    'support:read',
    'support:answer',
    'content:manage',
  ],
  payments: [
    'dashboard:read',
    'players:read',
    'players:export',
    'players:notes',
    'payments:read',
    'withdrawals:read',
    'withdrawals:decide',
    'wallet:adjust',
    'approvals:decide',
    'identity:read',
    'identity:documents',
    'identity:decide',
    'bonuses:read',
    'reports:finance',
  ],
  risk: [
    'dashboard:read',
    'players:read',
    'players:export',
    'players:notes',
    'players:tags',
    'players:block',
    'players:sessions',
    'players:two-factor-reset',
    'payments:read',
    'withdrawals:read',
    'identity:read',
    'identity:documents',
    'identity:decide',
    'limits:read',
    'limits:manage',
    'bonuses:read',
    'audit:read',
  ],
  marketing: [
    'dashboard:read',
    'players:read',
    'bonuses:read',
    'bonuses:manage',
    'games:manage',
    'content:manage',
    'banners:manage',
  ],
  admin: permissions,
};

/**
 * OPERATOR_API_TOKEN's service account (automation): what the token could do before the back
 * office, and nothing of staff management.
 */
export const serviceAccountPermissions: readonly Permission[] = [
  'players:read',
  'players:two-factor-reset',
  'wallet:adjust',
  'payments:read',
  'withdrawals:read',
  'withdrawals:decide',
  'approvals:decide',
  'identity:read',
  'identity:documents',
  'identity:decide',
  'chat:moderate',
  'support:read',
  'support:answer',
  // Automation that feeds the finance reports to another system (issue 30).
  'reports:finance',
  // Automation that brings in exclusions from a national scheme (issue 29): add, never lift.
  'limits:read',
  'limits:manage',
];

/** The union of the roles' permissions. */
export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) for (const p of rolePermissions[role]) granted.add(p);
  return permissions.filter((p) => granted.has(p));
}
