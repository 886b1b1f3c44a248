/** The mining area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The daily mining income, a job for the scheduler (jobs/registry.ts). */
export { MINING_INCOME_JOB, miningIncomeJob } from './income-job.ts';
/** Shop vouchers earned with mining packages: spent at the shop's checkout, released if an admin cancels the order. */
export { releaseShopVoucher, shopVoucherBps, usableShopVouchers, useShopVoucher } from './vouchers.ts';
/** The demo's mining packages, written by the demo loader (system) in its own transaction. */
export { insertDemoPackages } from './demo-packages.ts';
