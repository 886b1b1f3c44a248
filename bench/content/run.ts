export {};

/**
 * bench/content (issue 13): Home/getAllNews and Main/sliderImgs, anonymous and logged in, on `npm start`'s own server
 * against a bare Node HTTP server in the same run (64 connections). Target: >= 0.3x bare, p99 <= 20 ms.
 * It is bench/reads with published content seeded:
 *
 *   node --import tsx bench/content/run.ts [--tcp] [--seconds 10] [--connections 64]
 */
process.argv.push('--content');
await import('../reads/run.ts');
