import {
  paymentSchema,
  paymentsConfigResponseSchema,
  paymentsListResponseSchema,
  savedCardsResponseSchema,
  type CryptoNetwork,
  type Payment,
  type PaymentsConfigResponse,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** How often a payment still under way is read again. */
export const paymentPollMs = 2000;

export const paymentsConfigOptions = queryOptions({
  queryKey: ['payments', 'config'] as const,
  queryFn: ({ signal }) =>
    api.get<PaymentsConfigResponse>('/payments/config', {
      schema: paymentsConfigResponseSchema,
      signal,
    }),
  staleTime: 5 * 60_000,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigOptions);
}

export const paymentQueryKey = (id: string) => ['payments', 'one', id] as const;

/** A payment still under way (pending, 3-D Secure, confirming) is polled until it is final. */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: paymentQueryKey(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Payment>(`/payments/${encodeURIComponent(id ?? '')}`, {
        schema: paymentSchema,
        signal,
      }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.display_status === 'pending' ? paymentPollMs : false,
  });
}

/** How often the balance page reads its payments while one is pending. */
export const paymentsListPollMs = 5000;

export const paymentsListKey = ['payments', 'list'] as const;

/** The player's own payments, newest first (the balance page's pending withdrawals). */
export function usePayments() {
  return useQuery({
    queryKey: paymentsListKey,
    queryFn: ({ signal }) =>
      api.get('/payments', { query: { limit: 20 }, schema: paymentsListResponseSchema, signal }),
    staleTime: 0,
    // A pending one changes on the provider's side: read again until none is.
    refetchInterval: (query) =>
      query.state.data?.data.some((payment) => payment.display_status === 'pending')
        ? paymentsListPollMs
        : false,
  });
}

export const savedCardsKey = ['payments', 'cards'] as const;

/** Cards this player deposited with: the only ones a withdrawal may go to. */
export function useSavedCards() {
  return useQuery({
    queryKey: savedCardsKey,
    queryFn: ({ signal }) =>
      api.get('/payments/cards', { schema: savedCardsResponseSchema, signal }),
    staleTime: 60_000,
  });
}

export interface CardSubmission {
  amount: string;
  payment_method: string;
  idempotency_key: string;
}

export interface CryptoSubmission {
  amount: string;
  net: CryptoNetwork;
  idempotency_key: string;
}

export type Submission =
  | { kind: 'card-deposit'; body: CardSubmission }
  | { kind: 'crypto-deposit'; body: CryptoSubmission }
  | { kind: 'card-withdrawal'; body: CardSubmission & SecondFactor }
  | { kind: 'crypto-withdrawal'; body: CryptoSubmission & SecondFactor & { address: string } };

/** A withdrawal's code while two-factor sign-in is on (docs/decisions/051). */
interface SecondFactor {
  twoFactorCode?: string;
}

const submissionPaths: Record<Submission['kind'], string> = {
  'card-deposit': '/payments/card/deposits',
  'crypto-deposit': '/payments/crypto/deposits',
  'card-withdrawal': '/payments/card/withdrawals',
  'crypto-withdrawal': '/payments/crypto/withdrawals',
};

/**
 * Creates a payment. The answer (201, or 200 for a repeated key) seeds the payment's query,
 * so the status panel shows it at once and polls it from there.
 */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: Submission) =>
      api.post<Payment>(submissionPaths[submission.kind], submission.body, {
        schema: paymentSchema,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryKey(payment.id), payment);
      void queryClient.invalidateQueries({ queryKey: paymentsListKey });
      // A first card deposit adds the card withdrawals may go to.
      void queryClient.invalidateQueries({ queryKey: savedCardsKey });
    },
  });
}

/** Cancels the player's own pending withdrawal: the money comes back. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<Payment>(`/payments/${encodeURIComponent(id)}/cancel`, undefined, {
        schema: paymentSchema,
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryKey(payment.id), payment);
      void queryClient.invalidateQueries({ queryKey: paymentsListKey });
    },
  });
}

/** A fresh idempotency key for one submission. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}
