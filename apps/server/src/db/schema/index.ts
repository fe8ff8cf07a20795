export * from './catalog';
export * from './media';
export * from './platform';
export * from './users';
export * from './voting';
