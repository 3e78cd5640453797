import pg from 'pg';

/** Runs `work` on a short-lived connection to the admin database (CREATE/DROP DATABASE). */
export async function withAdmin<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
