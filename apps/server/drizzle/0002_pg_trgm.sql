-- Trigram matching for the game search (games.search_text LIKE '%…%' through a GIN index).
-- drizzle-kit cannot express extensions, hence this hand-written migration. pg_trgm is a
-- trusted extension (PostgreSQL 13+): a database owner may create it without superuser.
-- PGlite loads it as a contrib extension (src/db/pglite-connection.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
