/** The system area's public face: what other parts of the server may use. Everything else here is private to it. */

/** An admin account made at start or from the admin CLI. */
export { insertAdmin } from './bootstrap.ts';
