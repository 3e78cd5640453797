import {
  bonusOverviewResponseSchema,
  playerBonusResponseSchema,
  type BonusOverviewResponse,
  type PlayerBonus,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { meQueryKey } from '../../auth';

/** Per player: another player signing in on this tab never sees the previous bonuses. */
export const bonusQueryKey = (userId: string) => ['bonus', userId] as const;

/** GET /bonus: the whole page (offers, daily, the open bonus, history, cash and bonus). */
export const bonusOptions = (userId: string) =>
  queryOptions({
    queryKey: bonusQueryKey(userId),
    queryFn: ({ signal }): Promise<BonusOverviewResponse> =>
      api.get('/bonus', { schema: bonusOverviewResponseSchema, signal }),
    // Wagering moves with every spin: a visit reads it again.
    staleTime: 0,
  });

export function useBonusOverview(userId: string) {
  return useQuery(bonusOptions(userId));
}

type BonusAction =
  | { kind: 'claim'; offerId: string }
  | { kind: 'promo'; code: string }
  | { kind: 'cancel'; bonusId: string };

function send(action: BonusAction): Promise<{ bonus: PlayerBonus }> {
  const options = { schema: playerBonusResponseSchema };
  switch (action.kind) {
    case 'claim':
      return api.post('/bonus/claim', { offer_id: action.offerId }, options);
    case 'promo':
      return api.post('/bonus/promo', { code: action.code }, options);
    case 'cancel':
      return api.post(`/bonus/${encodeURIComponent(action.bonusId)}/cancel`, {}, options);
  }
}

/**
 * Claim, promo code or cancel; afterwards the page and the balance are read again. The server
 * makes a double click harmless (the second claim is refused, nothing is granted twice).
 */
export function useBonusAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
