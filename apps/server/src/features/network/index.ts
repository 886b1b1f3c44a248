/** The network area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The daily pairing bonus, a job for the scheduler (jobs/registry.ts). */
export { PAIRING_JOB, pairingJob } from './pairing-job.ts';
