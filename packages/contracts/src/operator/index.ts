/**
 * `@casino/contracts/operator`: the back office's API (issue 28). A separate entry so the
 * players' app never bundles it.
 */
export * from './permissions';
export * from './auth';
export * from './staff';
export * from './players';
export * from './queues';
export * from './audit';
export * from './games';
export * from './content';
export * from './banners';
export * from './bonuses';
export * from './routes';
