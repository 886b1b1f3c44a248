export * from './anchor.ts';
export * from './format.ts';
export * from './tree.ts';
export * from './verify.ts';
