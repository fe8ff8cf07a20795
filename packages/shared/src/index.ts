export * from './constants';
export * from './languages';
export * from './link-kind';
export * from './messages';
export * from './schemas/catalog';
export * from './schemas/envelope';
export * from './schemas/health';
export * from './schemas/voting';
