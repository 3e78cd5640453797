import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes a new numbered SQL migration into drizzle/
// from the difference between src/db/schema/ and the last snapshot in drizzle/meta.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
