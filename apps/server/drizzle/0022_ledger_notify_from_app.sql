-- Custom SQL migration file, put your code below! --
-- hand-written:
-- The ledger's balance notices leave the posting's transaction (decision 060): a transaction
-- that queued a NOTIFY commits under a database-wide lock, one at a time, so every posting
-- paid for it. The application now announces its committed postings itself, after the commit,
-- many per NOTIFY (apps/server/src/features/wallet/balance-publisher.ts).
DROP TRIGGER IF EXISTS ledger_entries_notify_balance ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_entries_notify_balance();
