/**
 * What the global setup hands every test file (through vitest's provide/inject): where
 * the migrated template database is, so each file can copy it instead of migrating.
 */
export type TestDatabaseTemplate =
  | { driver: 'pglite'; dumpFile: string }
  | { driver: 'postgres'; adminUrl: string; templateName: string; databasePrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** A connection URL pointing at another database of the same server. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Database names come from our own code, but quote them anyway: they go into DDL. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
