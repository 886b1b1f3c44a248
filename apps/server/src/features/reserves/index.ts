/**
 * The reserves area's public face (proof of reserves, issue 31): its calls (app.ts), its task and daily job (main.ts,
 * jobs/registry.ts), the anchor port the chain area fills, and the browsers' RPC URL (the CSP's connect-src).
 */
export type { AnchorPort } from './anchor.ts';
export type { BuildDeps } from './build.ts';
export { reservesRoutes } from './routes.ts';
export { purgeReserveTree } from './retention.ts';
export { publicRpcUrl } from './snapshots.ts';
export { RESERVES_JOB, reservesJob, reservesStep, reservesTask } from './task.ts';
