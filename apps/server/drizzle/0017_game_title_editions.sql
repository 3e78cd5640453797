-- Issue 25: a game title's editions in the lobby's languages ({en?, ru?}), so the English
-- lobby never shows a Russian edition and search finds every edition.
ALTER TABLE "games" ADD COLUMN "names" jsonb;
