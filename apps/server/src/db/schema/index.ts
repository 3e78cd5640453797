/**
 * Every table of the server, for Drizzle's typed queries and for drizzle-kit, which
 * generates the SQL migrations in apps/server/drizzle/ from this file. One file per
 * feature's tables; add a line here for each new file.
 */
export * from './app-meta';
export * from './accounts';
export * from './wallets';
export * from './sessions';
export * from './auth-throttle';
export * from './games';
export * from './ledger';
export * from './payments';
export * from './bonus';
export * from './chat';
export * from './two-factor';
export * from './identity';
export * from './shared-state';
export * from './staff';
export * from './reports';
export * from './responsible-gaming';
export * from './content';
export * from './banners';
