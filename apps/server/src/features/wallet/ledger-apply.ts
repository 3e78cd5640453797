import { sql, type SQL } from 'drizzle-orm';
import {
  prepared,
  shiftParameters,
  sqlOfText,
  type PreparedCondition,
  type PreparedSelect,
  type PreparedStatement,
} from '../../db/named-statement';
import type { MovementStatement } from './ledger-statements';
import type { LedgerRow } from './ledger-rows';
import { toLedgerEntry } from './ledger-rows';
import type { PostingResult } from './ledger-types';
import { replayedFrom, replayOf, resultOf, type PostingRequest, type WalletRow } from './posting';
import { maxIdLength } from './posting-validation';
import {
  BetCancelled,
  BetNotAdmitted,
  CurrencyMismatch,
  InsufficientFunds,
  ResponsibleGamingRefusal,
  UnknownPlayer,
  type RgBetRefusal,
} from './wallet-errors';

/**
 * A bet or a win as ONE statement and one round trip: `ledger_apply(…)`, the PL/pgSQL
 * function of migration 0018 (decision 060). It locks the wallet row, answers a repeat of the
 * key with its first row, and otherwise refuses with a reason or applies the posting, so no
 * posting of a bet or a win needs a second statement to learn why it moved nothing. Its
 * fields are a movement's (ledger-statements.ts) but the operator's reason and actor.
 */
export type Apply = Omit<
  MovementStatement,
  'kind' | 'currency' | 'reason' | 'actor' | 'request' | 'checkTombstone' | 'admission'
> & {
  kind: 'bet' | 'win';
  currency: string;
  /** The content a repeat must match. */
  request: PostingRequest;
  /**
   * Bets: a boolean SQL condition evaluated in the calling statement and handed to the
   * function's admission checks (a live launch). Null: admitted.
   */
  admission: PreparedCondition | null;
};

/**
 * What ledger_apply answers: why, the wallet as the posting found (or left) it, and the ledger
 * row (the new one, the replayed one or the refund that cancelled a bet; nulls otherwise).
 */
export type ApplyRow = LedgerRow & {
  outcome: ApplyOutcome;
  wallet_balance: string | null;
  wallet_bonus: string | null;
  wallet_currency: string | null;
  wallet_bonus_id: string | null;
  /**
   * An applied bet after which responsible gaming should look at the player's limits (one at
   * 80 % or more, or a deposit limit: rg_bet_judge, migration 0029). False otherwise.
   */
  rg_watch: boolean | null;
};

/**
 * The outcomes of ledger_apply. A new admission check (responsible-gaming limits) adds its
 * own reason here and in `answerOf`.
 */
export type ApplyOutcome =
  | 'applied'
  | 'replayed'
  | 'cancelled'
  | 'unknown_player'
  | 'currency_mismatch'
  | 'insufficient_funds'
  | 'not_admitted'
  | RgBetRefusal;

/** The columns every call returns, in the same order, for one posting or a batch. */
const answerColumns =
  'r.outcome, r.wallet_balance, r.wallet_bonus, r.wallet_currency, r.wallet_bonus_id, r.rg_watch, (r.entry).*';

/** ledger_apply's arguments but the admission, as parameters $1…$13 (`applyValues`). */
const applyArguments = `$1::text, $2::uuid, $3::bigint, $4::text, $5::text, $6::text, $7::text,
  $8::text, $9::text, $10::text, $11::jsonb, $12::jsonb, $13::timestamptz`;
const applyParameterCount = 13;

/** A win, or a bet without an admission condition: one constant text (decision 097). */
const applyAdmitted = prepared(
  'ledger_apply',
  `select ${answerColumns} from ledger_apply(${applyArguments}, true) r`,
);
/** A bet with an admission condition: one constant text per condition's name. */
const applyWith = new Map<string, PreparedStatement>();

/**
 * One posting: `select … from ledger_apply(…)` as a prepared statement whose text is the same
 * for every call of its kind (its admission's text renumbered once), and its values.
 */
export function applyStatement(a: Apply): {
  statement: PreparedStatement;
  values: readonly unknown[];
} {
  const values = applyValues(a);
  if (a.admission === null) return { statement: applyAdmitted, values };
  const { name, text } = a.admission;
  let statement = applyWith.get(name);
  if (statement === undefined) {
    statement = prepared(
      `ledger_apply_${name}`,
      `select ${answerColumns} from ledger_apply(${applyArguments},
        (${shiftParameters(text, applyParameterCount)})) r`,
    );
    applyWith.set(name, statement);
  }
  values.push(...a.admission.values);
  return { statement, values };
}

function applyValues(a: Apply): unknown[] {
  return [
    a.kind,
    a.userId,
    a.delta.toString(),
    a.currency,
    a.provider,
    a.operation,
    a.txId,
    a.betTxId,
    a.gameId,
    a.roundId,
    JSON.stringify(a.request),
    a.meta,
    a.now.toISOString(),
  ];
}

/** ledger_apply_many's arguments but the admissions: one array parameter per column. */
const applyManyArguments = `$1::text[], $2::uuid[], $3::bigint[], $4::text[], $5::text[],
  $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::jsonb[], $12::jsonb[],
  $13::timestamptz[]`;
const applyManyAdmitted = prepared(
  'ledger_apply_many',
  `select r.ord, ${answerColumns} from ledger_apply_many(${applyManyArguments},
    $14::boolean[]) r order by r.ord`,
);
const applyManyWith = new Map<string, PreparedStatement>();

/**
 * Postings of one wallet as ONE prepared statement (group commit), applied in this order:
 * `ledger_apply_many` over array parameters, answered one row per posting with its 1-based
 * `ord`. The admissions, when the batch's bets share one condition (a wallet's bets come from
 * one protocol), are that condition's constant text evaluated per posting over arrays of its
 * values (`$k` → the k-th array's element), in the same statement as before. Undefined for a
 * batch mixing two conditions: `applyManyStatement` then builds it as SQL.
 */
export function applyManyPrepared(
  batch: readonly Apply[],
): { statement: PreparedStatement; values: readonly unknown[] } | undefined {
  const columns: unknown[][] = Array.from({ length: applyParameterCount }, () => []);
  let admission: PreparedCondition | undefined;
  for (const a of batch) {
    applyValues(a).forEach((v, k) => columns[k]!.push(v));
    if (a.admission === null) continue;
    if (admission !== undefined && admission.name !== a.admission.name) return undefined;
    admission = a.admission;
  }
  if (admission === undefined) {
    return { statement: applyManyAdmitted, values: [...columns, batch.map(() => true)] };
  }
  const count = admission.values.length;
  let statement = applyManyWith.get(admission.name);
  if (statement === undefined) {
    const names = Array.from({ length: count }, (_, k) => `v${k + 1}`);
    const arrays = names.map((_, k) => `$${applyParameterCount + 2 + k}::text[]`);
    const condition = admission.text.replace(/\$(\d+)/g, (_, k: string) => `c.v${k}`);
    statement = prepared(
      `ledger_apply_many_${admission.name}`,
      `select r.ord, ${answerColumns} from ledger_apply_many(${applyManyArguments},
        array(select case when c.checked then (${condition}) else true end
          from unnest($${applyParameterCount + 1}::boolean[], ${arrays.join(', ')})
            with ordinality c(checked, ${names.join(', ')}, ord)
          order by c.ord)) r
      order by r.ord`,
    );
    applyManyWith.set(admission.name, statement);
  }
  const checked = batch.map((a) => a.admission !== null);
  const conditionValues = Array.from({ length: count }, (_, k) =>
    batch.map((a) => {
      const v = a.admission?.values[k];
      // A condition's values are strings (launch-repository.ts); a number would do as well.
      return v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
    }),
  );
  return { statement, values: [...columns, checked, ...conditionValues] };
}

/**
 * The same batch as SQL built for it (each posting's admission spliced in): for a batch that
 * mixes two admission conditions, and for PGlite, which takes no array parameters here.
 */
export function applyManyStatement(batch: readonly Apply[]): SQL {
  const column = (type: string, value: (a: Apply) => SQL | string | null) =>
    sql`array[${sql.join(
      batch.map((a) => {
        const v = value(a);
        return typeof v === 'string' || v === null ? sql`${v}` : v;
      }),
      sql`, `,
    )}]::${sql.raw(type)}[]`;
  return sql`select r.ord, ${sql.raw(answerColumns)} from ledger_apply_many(
    ${column('text', (a) => a.kind)}, ${column('uuid', (a) => a.userId)},
    ${column('bigint', (a) => a.delta.toString())}, ${column('text', (a) => a.currency)},
    ${column('text', (a) => a.provider)}, ${column('text', (a) => a.operation)},
    ${column('text', (a) => a.txId)}, ${column('text', (a) => a.betTxId)},
    ${column('text', (a) => a.gameId)}, ${column('text', (a) => a.roundId)},
    ${column('jsonb', (a) => JSON.stringify(a.request))}, ${column('jsonb', (a) => a.meta)},
    ${column('timestamptz', (a) => a.now.toISOString())}, ${column('boolean', admitted)}) r
    order by r.ord`;
}

function admitted(a: Apply): SQL {
  return a.admission === null
    ? sql`true`
    : sql`(${sqlOfText(a.admission.text, a.admission.values)})`;
}

/** The posting's answer from its row, or the refusal it means (thrown). */
export function answerOf(a: Apply, row: ApplyRow): PostingResult {
  const wallet: WalletRow | undefined =
    row.wallet_balance === null || row.wallet_currency === null
      ? undefined
      : {
          balance: row.wallet_balance,
          currency: row.wallet_currency,
          bonus_balance: row.wallet_bonus ?? '0',
          bonus_id: row.wallet_bonus_id,
        };
  switch (row.outcome) {
    case 'applied': {
      const entry = toLedgerEntry(row);
      return resultOf(entry, 'applied', entry.balanceAfter);
    }
    case 'replayed': {
      // The same key, maybe other content: a replay, or IdempotencyConflict (thrown).
      const replay = replayOf(a, [row], wallet);
      if (!replay) throw new Error(`ledger_apply replayed ${a.txId} without its row`);
      return replay;
    }
    case 'cancelled':
      throw new BetCancelled(a.txId, replayedFrom(row, a.userId, wallet));
    case 'unknown_player':
      throw new UnknownPlayer(a.userId);
    case 'currency_mismatch':
      throw new CurrencyMismatch(row.wallet_currency ?? '', a.currency);
    case 'insufficient_funds':
      throw new InsufficientFunds(BigInt(row.wallet_balance ?? 0), -a.delta);
    case 'not_admitted':
      throw new BetNotAdmitted(a.txId);
    case 'time_out':
    case 'self_exclusion':
    case 'session_limit':
    case 'loss_limit':
    case 'wager_limit':
      throw new ResponsibleGamingRefusal(a.txId, row.outcome);
  }
  throw new Error(`ledger_apply answered an unknown outcome for ${a.txId}`);
}

/**
 * A win whose player comes from a row found inside its own statement (decision 102): the
 * source (`PreparedSelect`, columns user_id, currency, game_id), the bet it pays looked up
 * among that player's bets as findBet does, and ledger_apply called laterally for that row, in
 * ONE statement. No source row: no row, nothing locked or posted. The request (what a repeat
 * must match) is built in SQL from the same values as winApply's, so it is the same jsonb.
 * The columns `posted_*` say what was posted, for the answer (`sourcedWinApply`).
 *
 * Parameters: $1 amount, $2 currency (null: the bet's, else the row's), $3 provider,
 * $4 operation, $5 txId, $6 betTxId as given, $7 game (null: the row's), $8 round, $9 meta,
 * $10 now, $11 the bet's reference (null: no lookup), $12 the reference as our transactionId
 * (null unless it is one); then the source's own, renumbered.
 */
const sourcedWinParameterCount = 12;
const sourcedWinWith = new Map<string, PreparedStatement>();

export function sourcedWinStatement(
  source: PreparedSelect,
  values: readonly unknown[],
): { statement: PreparedStatement; values: readonly unknown[] } {
  let statement = sourcedWinWith.get(source.name);
  if (statement === undefined) {
    statement = prepared(
      `ledger_apply_win_from_${source.name}`,
      `select v.user_id::text as posted_user_id, v.currency as posted_currency,
        v.game_id as posted_game_id, v.bet_tx_id as posted_bet_tx_id, ${answerColumns}
      from (${shiftParameters(source.text, sourcedWinParameterCount)}) s
        left join lateral (
          -- findBet's rule (betByReferenceQuery): the bet by its id, else by our transactionId.
          select found.bet_tx_id, found.currency from (
            select e.bet_tx_id, e.currency, 1 as rank from ledger_entries e
            where e.provider = $3::text and e.bet_tx_id = $11::text and e.kind = 'bet'
              and e.user_id = s.user_id
            union all
            select e.bet_tx_id, e.currency, 2 as rank from ledger_entries e
            where e.id = $12::bigint and e.provider = $3::text and e.kind = 'bet'
              and e.user_id = s.user_id
          ) found
          order by found.rank
          limit 1
        ) b on true
        cross join lateral (
          -- What winApply would refuse (InvalidPosting) is not posted here: no row, and the
          -- caller's usual way answers it. OFFSET 0 keeps the check below ledger_apply.
          select c.* from (
            select s.user_id, coalesce($2::text, b.currency, s.currency) as currency,
              coalesce($7::text, s.game_id) as game_id, coalesce(b.bet_tx_id, $6::text) as bet_tx_id
          ) c
          where c.currency ~ '^[A-Z]{3}$'
            and (c.game_id is null or length(c.game_id) between 1 and ${maxIdLength})
            and (c.bet_tx_id is null or length(c.bet_tx_id) between 1 and ${maxIdLength})
          offset 0
        ) v
        cross join lateral ledger_apply('win', v.user_id, $1::bigint, v.currency, $3::text,
          $4::text, $5::text, v.bet_tx_id, v.game_id, $8::text,
          jsonb_build_object('userId', v.user_id::text, 'amount', $1::bigint::text,
            'currency', v.currency, 'gameId', v.game_id, 'roundId', $8::text,
            'betTxId', v.bet_tx_id),
          $9::jsonb, $10::timestamptz, true) r`,
    );
    sourcedWinWith.set(source.name, statement);
  }
  return { statement, values: [...values, ...source.values] };
}

/** What a sourced win's statement answers: ledger_apply's row and what was posted. */
export type SourcedWinRow = ApplyRow & {
  posted_user_id: string;
  posted_currency: string;
  posted_game_id: string | null;
  posted_bet_tx_id: string | null;
};
