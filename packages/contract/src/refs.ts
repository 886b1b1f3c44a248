// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
export * from './refs/admin-money.ts';
export * from './refs/admin-network.ts';
export * from './refs/auth.ts';
export * from './refs/bots.ts';
export * from './refs/chain.ts';
export * from './refs/content.ts';
export * from './refs/copy.ts';
export * from './refs/kyc.ts';
export * from './refs/member.ts';
export * from './refs/mining.ts';
export * from './refs/network.ts';
export * from './refs/shop.ts';
export * from './refs/system.ts';
export * from './refs/trading.ts';
export * from './refs/transfer.ts';
export * from './refs/wallet.ts';
export * from './refs/withdraw.ts';
