import { parseArgs } from 'node:util';
import type { Command, CommandIo } from './command';

/**
 * `npm run payments:review -w apps/server -- <list | approve ID | reject ID [--reason TEXT]>`:
 * the operator's decisions on withdrawals from a terminal, beside the back office.
 *
 * It calls the running server's staff API as its service account (OPERATOR_API_TOKEN, at PUBLIC_URL or
 * http://127.0.0.1:PORT, or --url), never the database: an approval sends the payout through
 * the payment service the server is connected to (in simulated mode, its in-process sandbox),
 * and on the embedded database only the server may open the data folder. Exit code 0 when the
 * server accepted the decision.
 */

interface PaymentAnswer {
  id: string;
  status: string;
  display_status: string;
  amount: string;
  currency: string;
  method: string;
  user_id?: string;
  created_at: string;
  card: { brand: string; last4: string } | null;
  crypto: { network: string; address: string } | null;
}

const usage =
  'usage: payments:review -- list [--status pending|processing] | approve <id> | reject <id> [--reason "…"] [--url http://…]';

/** Where a withdrawal goes, as the operator needs to see it (never a whole card number). */
function destination(p: PaymentAnswer): string {
  if (p.card) return `${p.card.brand} •••• ${p.card.last4}`;
  if (p.crypto) return `${p.crypto.network} ${p.crypto.address}`;
  return p.method;
}

function line(p: PaymentAnswer): string {
  return [
    p.id,
    p.status,
    `${p.amount} ${p.currency}`,
    destination(p),
    p.user_id ?? '',
    p.created_at,
  ]
    .filter(Boolean)
    .join('  ');
}

async function review(argv: string[], io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        reason: { type: 'string' },
        status: { type: 'string' },
        url: { type: 'string' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return 1;
  }
  const [action, id] = parsed.positionals;
  const token = io.env.OPERATOR_API_TOKEN;
  if (!token) {
    io.err('OPERATOR_API_TOKEN is not set: the operator API is off (set it on the server too)');
    return 1;
  }
  const base = (
    parsed.values.url ??
    io.env.PUBLIC_URL ??
    `http://127.0.0.1:${io.env.PORT ?? '3000'}`
  ).replace(/\/+$/, '');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/operator/payments/withdrawals${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  };
  const failed = (answer: { status: number; json: unknown; text: string }) => {
    const message = (answer.json as { error?: { code?: string; message?: string } } | undefined)
      ?.error;
    io.err(
      message
        ? `refused (${answer.status} ${message.code}): ${message.message}`
        : `refused (HTTP ${answer.status}) ${answer.text.slice(0, 200)}`,
    );
    return 1;
  };

  try {
    if (action === 'list' && id === undefined) {
      const status = parsed.values.status ?? 'pending';
      const answer = await call('GET', `?status=${encodeURIComponent(status)}`);
      if (answer.status !== 200) return failed(answer);
      const rows = (answer.json as { data: PaymentAnswer[] }).data;
      if (rows.length === 0) io.out(`no ${status} withdrawals`);
      for (const row of rows) io.out(line(row));
      return 0;
    }
    if ((action === 'approve' || action === 'reject') && id !== undefined) {
      const answer = await call(
        'POST',
        `/${encodeURIComponent(id)}/${action}`,
        action === 'reject'
          ? parsed.values.reason
            ? { reason: parsed.values.reason }
            : {}
          : undefined,
      );
      if (answer.status === 202) {
        // Above BACKOFFICE_FOUR_EYES_AMOUNT: a second staff member approves in the back office.
        const approval = (answer.json as { approval?: { id?: string; amount?: string } }).approval;
        io.out(
          `waiting for a second approval (four-eyes, ${approval?.amount ?? '?'}): approval ${approval?.id ?? '?'} in the back office`,
        );
        return 0;
      }
      if (answer.status !== 200) return failed(answer);
      io.out(
        `${action === 'approve' ? 'approved' : 'rejected'}: ${line(answer.json as PaymentAnswer)}`,
      );
      return 0;
    }
  } catch (error) {
    io.err(`the server at ${base} did not answer: ${(error as Error).message}`);
    return 1;
  }
  io.err(usage);
  return 1;
}

export const paymentsReview: Command = {
  name: 'payments:review',
  usage,
  run: review,
};
