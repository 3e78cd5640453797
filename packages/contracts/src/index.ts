export * from './errors';
export * from './health';
export * from './limits';
export * from './auth';
export * from './user';
export * from './games';
export * from './dev';
export * from './wallet';
