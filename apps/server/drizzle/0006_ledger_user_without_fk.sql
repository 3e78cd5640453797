ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_wallets_user_id_fk";
