import type { IdentityResponse } from '@casino/contracts';

/**
 * GET /identity of a player who has sent nothing yet: the first withdrawal above 2000.00 needs
 * the check. Tests spread it and change the status they are about.
 */
export const notStartedIdentity: IdentityResponse = {
  status: 'not_started',
  reason: null,
  documents: [],
  submitted_at: null,
  reviewed_at: null,
  withdrawal: { first_needs_verification: true, threshold: '2000.00' },
};
