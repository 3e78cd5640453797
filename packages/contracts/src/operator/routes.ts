import type { z } from 'zod';
import { operatorChatHideParamsSchema, operatorChatMuteRequestSchema } from '../chat';
import { operatorChatHideResponseSchema, operatorChatMuteResponseSchema } from '../chat';
import {
  operatorIdentityCheckSchema,
  operatorIdentityDocumentParamsSchema,
  operatorIdentityListSchema,
  operatorIdentityParamsSchema,
  operatorIdentityQuerySchema,
  operatorIdentityRejectSchema,
} from '../identity';
import { operatorRejectRequestSchema, paymentIdParamsSchema, paymentSchema } from '../payments';
import {
  operatorSupportPostRequestSchema,
  operatorSupportThreadParamsSchema,
  operatorSupportThreadResponseSchema,
  operatorSupportThreadsResponseSchema,
  supportMessageSchema,
} from '../support';
import { operatorTwoFactorParamsSchema, operatorTwoFactorResetResponseSchema } from '../two-factor';
import { operatorAdjustmentRequestSchema, operatorAdjustmentResponseSchema } from '../wallet';
import {
  reportLiabilityQuerySchema,
  reportLiabilityResponseSchema,
  reportSummaryQuerySchema,
  reportSummaryResponseSchema,
} from '../reports';
import {
  rgOperatorPlayerResponseSchema,
  rgStaffBlockRequestSchema,
  rgStaffLimitRequestSchema,
} from '../responsible-gaming';
import { auditQuerySchema, auditResponseSchema } from './audit';
import {
  staffLoginRequestSchema,
  staffMeSchema,
  staffSessionParamsSchema,
  staffSessionsResponseSchema,
  staffSetupBeginRequestSchema,
  staffSetupBeginResponseSchema,
  staffSetupCompleteRequestSchema,
} from './auth';
import type { Permission } from './permissions';
import {
  endedSessionsResponseSchema,
  playerAdjustmentRequestSchema,
  playerBlockRequestSchema,
  playerBonusesResponseSchema,
  playerChatResponseSchema,
  playerDetailSchema,
  playerLedgerQuerySchema,
  playerLedgerResponseSchema,
  playerMuteRequestSchema,
  playerParamsSchema,
  playerPaymentsResponseSchema,
  playerSearchQuerySchema,
  playerSearchResponseSchema,
  playerSessionParamsSchema,
  playerSessionsResponseSchema,
  playerStatusResponseSchema,
  playerTagsRequestSchema,
  playerTagsResponseSchema,
  staffNoteRequestSchema,
  staffNoteSchema,
  staffNotesResponseSchema,
} from './players';
import {
  approvalParamsSchema,
  approvalPendingResponseSchema,
  approvalRejectRequestSchema,
  approvalSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  chatRoomQuerySchema,
  chatRoomResponseSchema,
  dashboardResponseSchema,
  withdrawalQueueQuerySchema,
  withdrawalQueueResponseSchema,
} from './queues';
import {
  staffAccountSchema,
  staffAccountsResponseSchema,
  staffCreateRequestSchema,
  staffIdParamsSchema,
  staffReasonRequestSchema,
  staffRolesRequestSchema,
  staffSetupLinkResponseSchema,
} from './staff';

/**
 * THE route table of the staff API: the server registers exactly these routes (its scope's
 * one hook checks the session and `permission` from here), the permission tests are
 * generated from it, and the back office types its calls with it.
 *
 * - `permission`: what the caller must hold; `public` (set-up and login: no session yet) or
 *   `session` (any signed-in staff member: their own account and sessions).
 * - `audit`: `change` writes an audit row in the transaction of the change; `read` writes
 *   one for a sensitive read (documents, exports); `none` for other reads.
 * - Schemas: the path parameters, query, body and answers by status. A `text/csv` or
 *   document answer has no response schema.
 */
export type StaffRouteAccess = Permission | 'public' | 'session';

export interface StaffRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's syntax (`:param`), always under /api/operator. */
  path: `/api/operator/${string}`;
  permission: StaffRouteAccess;
  audit: 'change' | 'read' | 'none';
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
}

const route = <const R extends StaffRoute>(r: R): R => r;

export const staffRoutes = {
  // Responsible gaming (issue 29, decision 070): staff add or lower, never lift.
  'players.rg': route({
    method: 'GET',
    path: '/api/operator/responsible-gaming/players/:userId',
    permission: 'limits:read',
    audit: 'none',
    summary: 'A player’s limits, history of changes, time-out or exclusion, and flags',
    params: playerParamsSchema,
    response: { 200: rgOperatorPlayerResponseSchema },
  }),
  'players.rg.limit': route({
    method: 'POST',
    path: '/api/operator/responsible-gaming/players/:userId/limits',
    permission: 'limits:manage',
    audit: 'change',
    summary: 'Add or lower a player’s limit, with the reason (409 RG_NOT_ALLOWED to raise)',
    params: playerParamsSchema,
    body: rgStaffLimitRequestSchema,
    response: { 200: rgOperatorPlayerResponseSchema },
  }),
  'players.rg.block': route({
    method: 'POST',
    path: '/api/operator/responsible-gaming/players/:userId/blocks',
    permission: 'limits:manage',
    audit: 'change',
    summary: 'Put a player in a time-out or self-exclusion, with the reason',
    params: playerParamsSchema,
    body: rgStaffBlockRequestSchema,
    response: { 200: rgOperatorPlayerResponseSchema },
  }),
  // The finance reports (issue 30, decision 075): read-only aggregates, no player's data.
  'reports.summary': route({
    method: 'GET',
    path: '/api/operator/reports/summary',
    permission: 'reports:finance',
    audit: 'none',
    summary: 'Stakes, wins, GGR, bonus cost, NGR, players and the cashier per period',
    querystring: reportSummaryQuerySchema,
    response: { 200: reportSummaryResponseSchema },
  }),
  'reports.summary.csv': route({
    method: 'GET',
    path: '/api/operator/reports/summary.csv',
    permission: 'reports:finance',
    audit: 'none',
    summary: 'The summary report as CSV, streamed one period at a time',
    querystring: reportSummaryQuerySchema,
  }),
  'reports.liability': route({
    method: 'GET',
    path: '/api/operator/reports/liability',
    permission: 'reports:finance',
    audit: 'none',
    summary: 'What the casino owes its players (cash and bonus) at the end of a day',
    querystring: reportLiabilityQuerySchema,
    response: { 200: reportLiabilityResponseSchema },
  }),
  // Staff's own account: set-up, login with TOTP, who am I, sessions.
  'auth.setup.begin': route({
    method: 'POST',
    path: '/api/operator/auth/setup/begin',
    permission: 'public',
    audit: 'none',
    summary: "Checks a set-up link and returns the authenticator's secret",
    body: staffSetupBeginRequestSchema,
    response: { 200: staffSetupBeginResponseSchema },
  }),
  'auth.setup.complete': route({
    method: 'POST',
    path: '/api/operator/auth/setup/complete',
    permission: 'public',
    audit: 'change',
    summary: 'Chooses the password and enrols the authenticator (the link is used up)',
    body: staffSetupCompleteRequestSchema,
  }),
  'auth.login': route({
    method: 'POST',
    path: '/api/operator/auth/login',
    permission: 'public',
    audit: 'change',
    summary: 'E-mail, password and a current TOTP code: sets the staff session cookie',
    body: staffLoginRequestSchema,
    response: { 200: staffMeSchema },
  }),
  'auth.logout': route({
    method: 'POST',
    path: '/api/operator/auth/logout',
    permission: 'session',
    audit: 'change',
    summary: 'Ends this session',
  }),
  'auth.me': route({
    method: 'GET',
    path: '/api/operator/auth/me',
    permission: 'session',
    audit: 'none',
    summary: 'Who is signed in, with roles and permissions',
    response: { 200: staffMeSchema },
  }),
  'auth.sessions': route({
    method: 'GET',
    path: '/api/operator/auth/sessions',
    permission: 'session',
    audit: 'none',
    summary: 'My live sessions',
    response: { 200: staffSessionsResponseSchema },
  }),
  'auth.sessions.end': route({
    method: 'DELETE',
    path: '/api/operator/auth/sessions/:sessionId',
    permission: 'session',
    audit: 'change',
    summary: 'Ends one of my sessions',
    params: staffSessionParamsSchema,
  }),

  dashboard: route({
    method: 'GET',
    path: '/api/operator/dashboard',
    permission: 'dashboard:read',
    audit: 'none',
    summary: "Today's figures and the queues' sizes",
    response: { 200: dashboardResponseSchema },
  }),

  // Players.
  'players.search': route({
    method: 'GET',
    path: '/api/operator/players',
    permission: 'players:read',
    audit: 'none',
    summary: 'Search by username, e-mail, id, IP or the last four digits of a card',
    querystring: playerSearchQuerySchema,
    response: { 200: playerSearchResponseSchema },
  }),
  'players.detail': route({
    method: 'GET',
    path: '/api/operator/players/:userId',
    permission: 'players:read',
    audit: 'none',
    summary: "A player's profile, status and balances",
    params: playerParamsSchema,
    response: { 200: playerDetailSchema },
  }),
  'players.ledger': route({
    method: 'GET',
    path: '/api/operator/players/:userId/ledger',
    permission: 'players:read',
    audit: 'none',
    summary: "A player's ledger history, filtered",
    params: playerParamsSchema,
    querystring: playerLedgerQuerySchema,
    response: { 200: playerLedgerResponseSchema },
  }),
  'players.ledger.csv': route({
    method: 'GET',
    path: '/api/operator/players/:userId/ledger.csv',
    permission: 'players:export',
    audit: 'read',
    summary: "A player's ledger history as CSV (audited)",
    params: playerParamsSchema,
    querystring: playerLedgerQuerySchema,
  }),
  'players.payments': route({
    method: 'GET',
    path: '/api/operator/players/:userId/payments',
    permission: 'payments:read',
    audit: 'none',
    summary: "A player's deposits and withdrawals",
    params: playerParamsSchema,
    response: { 200: playerPaymentsResponseSchema },
  }),
  'players.bonuses': route({
    method: 'GET',
    path: '/api/operator/players/:userId/bonuses',
    permission: 'bonuses:read',
    audit: 'none',
    summary: "A player's bonuses and wagering",
    params: playerParamsSchema,
    response: { 200: playerBonusesResponseSchema },
  }),
  'players.sessions': route({
    method: 'GET',
    path: '/api/operator/players/:userId/sessions',
    permission: 'players:read',
    audit: 'none',
    summary: "A player's sign-in sessions and devices",
    params: playerParamsSchema,
    response: { 200: playerSessionsResponseSchema },
  }),
  'players.sessions.end': route({
    method: 'DELETE',
    path: '/api/operator/players/:userId/sessions/:sessionId',
    permission: 'players:sessions',
    audit: 'change',
    summary: "Ends one of a player's sessions",
    params: playerSessionParamsSchema,
    response: { 200: endedSessionsResponseSchema },
  }),
  'players.sessions.endAll': route({
    method: 'DELETE',
    path: '/api/operator/players/:userId/sessions',
    permission: 'players:sessions',
    audit: 'change',
    summary: "Ends all of a player's sessions",
    params: playerParamsSchema,
    response: { 200: endedSessionsResponseSchema },
  }),
  'players.chat': route({
    method: 'GET',
    path: '/api/operator/players/:userId/chat',
    permission: 'chat:moderate',
    audit: 'none',
    summary: "A player's chat messages and mute",
    params: playerParamsSchema,
    response: { 200: playerChatResponseSchema },
  }),
  'players.notes': route({
    method: 'GET',
    path: '/api/operator/players/:userId/notes',
    permission: 'players:read',
    audit: 'none',
    summary: 'Staff notes on a player, newest first',
    params: playerParamsSchema,
    response: { 200: staffNotesResponseSchema },
  }),
  'players.notes.add': route({
    method: 'POST',
    path: '/api/operator/players/:userId/notes',
    permission: 'players:notes',
    audit: 'change',
    summary: 'Appends a staff note (notes are never edited)',
    params: playerParamsSchema,
    body: staffNoteRequestSchema,
    response: { 201: staffNoteSchema },
  }),
  'players.tags': route({
    method: 'PUT',
    path: '/api/operator/players/:userId/tags',
    permission: 'players:tags',
    audit: 'change',
    summary: "Replaces a player's tags",
    params: playerParamsSchema,
    body: playerTagsRequestSchema,
    response: { 200: playerTagsResponseSchema },
  }),
  'players.audit': route({
    method: 'GET',
    path: '/api/operator/players/:userId/audit',
    permission: 'players:read',
    audit: 'none',
    summary: 'The audit trail of a player (what staff did to them)',
    params: playerParamsSchema,
    querystring: auditQuerySchema,
    response: { 200: auditResponseSchema },
  }),
  'players.block': route({
    method: 'POST',
    path: '/api/operator/players/:userId/block',
    permission: 'players:block',
    audit: 'change',
    summary: 'Blocks a player: sessions end, sign-in and bets refused',
    params: playerParamsSchema,
    body: playerBlockRequestSchema,
    response: { 200: playerStatusResponseSchema },
  }),
  'players.unblock': route({
    method: 'POST',
    path: '/api/operator/players/:userId/unblock',
    permission: 'players:block',
    audit: 'change',
    summary: 'Unblocks a player',
    params: playerParamsSchema,
    body: playerBlockRequestSchema,
    response: { 200: playerStatusResponseSchema },
  }),
  'players.adjust': route({
    method: 'POST',
    path: '/api/operator/players/:userId/adjustments',
    permission: 'wallet:adjust',
    audit: 'change',
    summary: 'A manual ledger adjustment with a reason (four-eyes above the amount)',
    params: playerParamsSchema,
    body: playerAdjustmentRequestSchema,
    response: { 200: operatorAdjustmentResponseSchema, 202: approvalPendingResponseSchema },
  }),
  'players.mute': route({
    method: 'POST',
    path: '/api/operator/players/:userId/chat-mute',
    permission: 'chat:moderate',
    audit: 'change',
    summary: 'Mutes a player in the chat (0 minutes lifts it)',
    params: playerParamsSchema,
    body: playerMuteRequestSchema,
    response: { 200: operatorChatMuteResponseSchema },
  }),
  'players.twoFactorReset': route({
    method: 'POST',
    path: '/api/operator/users/:userId/two-factor/reset',
    permission: 'players:two-factor-reset',
    audit: 'change',
    summary: "Turns a player's two-factor sign-in off (a lost authenticator)",
    params: operatorTwoFactorParamsSchema,
    response: { 200: operatorTwoFactorResetResponseSchema },
  }),
  'wallet.adjust': route({
    method: 'POST',
    path: '/api/operator/wallet/adjustments',
    permission: 'wallet:adjust',
    audit: 'change',
    summary: "Credits or debits a player's wallet (user by id, e-mail or username)",
    body: operatorAdjustmentRequestSchema,
    response: { 200: operatorAdjustmentResponseSchema, 202: approvalPendingResponseSchema },
  }),

  // Withdrawals and four-eyes approvals.
  'withdrawals.list': route({
    method: 'GET',
    path: '/api/operator/payments/withdrawals',
    permission: 'withdrawals:read',
    audit: 'none',
    summary: 'The withdrawal queue, oldest first, with risk flags',
    querystring: withdrawalQueueQuerySchema,
    response: { 200: withdrawalQueueResponseSchema },
  }),
  'withdrawals.approve': route({
    method: 'POST',
    path: '/api/operator/payments/withdrawals/:id/approve',
    permission: 'withdrawals:decide',
    audit: 'change',
    summary: 'Approves a withdrawal (above the four-eyes amount: the first of two approvals)',
    params: paymentIdParamsSchema,
    response: { 200: paymentSchema, 202: approvalPendingResponseSchema },
  }),
  'withdrawals.reject': route({
    method: 'POST',
    path: '/api/operator/payments/withdrawals/:id/reject',
    permission: 'withdrawals:decide',
    audit: 'change',
    summary: 'Rejects a withdrawal with a reason the player sees; the money goes back',
    params: paymentIdParamsSchema,
    body: operatorRejectRequestSchema,
    response: { 200: paymentSchema },
  }),
  'approvals.list': route({
    method: 'GET',
    path: '/api/operator/approvals',
    permission: 'approvals:decide',
    audit: 'none',
    summary: 'Four-eyes approvals (waiting by default)',
    querystring: approvalsQuerySchema,
    response: { 200: approvalsResponseSchema },
  }),
  'approvals.approve': route({
    method: 'POST',
    path: '/api/operator/approvals/:approvalId/approve',
    permission: 'approvals:decide',
    audit: 'change',
    summary: 'The second approval: a different person; the money moves once',
    params: approvalParamsSchema,
    response: { 200: approvalSchema },
  }),
  'approvals.reject': route({
    method: 'POST',
    path: '/api/operator/approvals/:approvalId/reject',
    permission: 'approvals:decide',
    audit: 'change',
    summary: 'Refuses a waiting approval: nothing moves',
    params: approvalParamsSchema,
    body: approvalRejectRequestSchema,
    response: { 200: approvalSchema },
  }),

  // Identity checks.
  'identity.list': route({
    method: 'GET',
    path: '/api/operator/identity/checks',
    permission: 'identity:read',
    audit: 'none',
    summary: 'Identity checks in a status (pending by default), oldest first',
    querystring: operatorIdentityQuerySchema,
    response: { 200: operatorIdentityListSchema },
  }),
  'identity.check': route({
    method: 'GET',
    path: '/api/operator/identity/checks/:userId',
    permission: 'identity:read',
    audit: 'none',
    summary: "A player's identity check",
    params: operatorIdentityParamsSchema,
    response: { 200: operatorIdentityCheckSchema },
  }),
  'identity.document': route({
    method: 'GET',
    path: '/api/operator/identity/checks/:userId/documents/:kind',
    permission: 'identity:documents',
    audit: 'read',
    summary: "A player's document, sandboxed (audited)",
    params: operatorIdentityDocumentParamsSchema,
  }),
  'identity.verify': route({
    method: 'POST',
    path: '/api/operator/identity/checks/:userId/verify',
    permission: 'identity:decide',
    audit: 'change',
    summary: 'Marks a pending identity check verified',
    params: operatorIdentityParamsSchema,
    response: { 200: operatorIdentityCheckSchema },
  }),
  'identity.reject': route({
    method: 'POST',
    path: '/api/operator/identity/checks/:userId/reject',
    permission: 'identity:decide',
    audit: 'change',
    summary: 'Rejects a pending identity check with a reason the player is shown',
    params: operatorIdentityParamsSchema,
    body: operatorIdentityRejectSchema,
    response: { 200: operatorIdentityCheckSchema },
  }),

  // Support desk and chat.
  'support.threads': route({
    method: 'GET',
    path: '/api/operator/support/threads',
    permission: 'support:read',
    audit: 'none',
    summary: 'Support threads, those waiting for an answer first',
    response: { 200: operatorSupportThreadsResponseSchema },
  }),
  'support.thread': route({
    method: 'GET',
    path: '/api/operator/support/threads/:userId',
    permission: 'support:read',
    audit: 'none',
    summary: "A player's support thread",
    params: operatorSupportThreadParamsSchema,
    response: { 200: operatorSupportThreadResponseSchema },
  }),
  'support.answer': route({
    method: 'POST',
    path: '/api/operator/support/threads/:userId/messages',
    permission: 'support:answer',
    audit: 'change',
    summary: 'Answers a player as staff (seen live)',
    params: operatorSupportThreadParamsSchema,
    body: operatorSupportPostRequestSchema,
    response: { 201: supportMessageSchema },
  }),
  'chat.messages': route({
    method: 'GET',
    path: '/api/operator/chat/messages',
    permission: 'chat:moderate',
    audit: 'none',
    summary: "The chat room's latest messages, hidden ones included",
    querystring: chatRoomQuerySchema,
    response: { 200: chatRoomResponseSchema },
  }),
  'chat.hide': route({
    method: 'POST',
    path: '/api/operator/chat/messages/:id/hide',
    permission: 'chat:moderate',
    audit: 'change',
    summary: 'Hides a chat message for everyone',
    params: operatorChatHideParamsSchema,
    response: { 200: operatorChatHideResponseSchema },
  }),
  'chat.mute': route({
    method: 'POST',
    path: '/api/operator/chat/mutes',
    permission: 'chat:moderate',
    audit: 'change',
    summary: 'Mutes a player (id, e-mail or username) in the chat',
    body: operatorChatMuteRequestSchema,
    response: { 200: operatorChatMuteResponseSchema },
  }),

  'audit.search': route({
    method: 'GET',
    path: '/api/operator/audit',
    permission: 'audit:read',
    audit: 'none',
    summary: 'The audit log, newest first, filtered',
    querystring: auditQuerySchema,
    response: { 200: auditResponseSchema },
  }),

  // Staff administration (admin).
  'staff.list': route({
    method: 'GET',
    path: '/api/operator/staff',
    permission: 'staff:manage',
    audit: 'none',
    summary: 'Staff accounts',
    response: { 200: staffAccountsResponseSchema },
  }),
  'staff.create': route({
    method: 'POST',
    path: '/api/operator/staff',
    permission: 'staff:manage',
    audit: 'change',
    summary: 'Creates a staff account and its one-time set-up link (24 hours)',
    body: staffCreateRequestSchema,
    response: { 201: staffSetupLinkResponseSchema },
  }),
  'staff.setupLink': route({
    method: 'POST',
    path: '/api/operator/staff/:staffId/setup-link',
    permission: 'staff:manage',
    audit: 'change',
    summary: 'A new set-up link (password and authenticator chosen again); sessions end',
    params: staffIdParamsSchema,
    response: { 200: staffSetupLinkResponseSchema },
  }),
  'staff.roles': route({
    method: 'PUT',
    path: '/api/operator/staff/:staffId/roles',
    permission: 'staff:manage',
    audit: 'change',
    summary: "Replaces a staff member's roles",
    params: staffIdParamsSchema,
    body: staffRolesRequestSchema,
    response: { 200: staffAccountSchema },
  }),
  'staff.disable': route({
    method: 'POST',
    path: '/api/operator/staff/:staffId/disable',
    permission: 'staff:manage',
    audit: 'change',
    summary: 'Disables an account; its sessions end',
    params: staffIdParamsSchema,
    body: staffReasonRequestSchema,
    response: { 200: staffAccountSchema },
  }),
  'staff.enable': route({
    method: 'POST',
    path: '/api/operator/staff/:staffId/enable',
    permission: 'staff:manage',
    audit: 'change',
    summary: 'Enables a disabled account again',
    params: staffIdParamsSchema,
    body: staffReasonRequestSchema,
    response: { 200: staffAccountSchema },
  }),
  'staff.sessions': route({
    method: 'GET',
    path: '/api/operator/staff/:staffId/sessions',
    permission: 'staff:manage',
    audit: 'none',
    summary: "A staff member's live sessions",
    params: staffIdParamsSchema,
    response: { 200: staffSessionsResponseSchema },
  }),
  'staff.sessions.endAll': route({
    method: 'DELETE',
    path: '/api/operator/staff/:staffId/sessions',
    permission: 'staff:manage',
    audit: 'change',
    summary: "Ends all of a staff member's sessions",
    params: staffIdParamsSchema,
    response: { 200: endedSessionsResponseSchema },
  }),
} as const satisfies Record<string, StaffRoute>;

export type StaffRouteId = keyof typeof staffRoutes;
export const staffRouteIds = Object.keys(staffRoutes) as StaffRouteId[];

/** `/api/operator/players/:userId` with `{ userId }` filled in (encoded). */
export function staffRoutePath(id: StaffRouteId, params: Record<string, string> = {}): string {
  return staffRoutes[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
