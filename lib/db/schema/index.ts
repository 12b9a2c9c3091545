export * from './identity';
export * from './tenancy';
export * from './payments';
export * from './settlement';
export * from './events';
export * from './infra';
export * from './rollups';
export * from './audit';
