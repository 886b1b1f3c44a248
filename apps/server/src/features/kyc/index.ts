/** The KYC area's public face: what the jobs may use. Everything else in this folder is private to it. */

/** Retention: the pictures of long-rejected submissions go, the submissions stay. */
export { purgeRejectedPictures } from './service.ts';
