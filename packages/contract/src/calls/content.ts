/**
 * Calls of content and support (issue 13), by part: news, the CMS's other kinds, enquiries and the daily
 * game.
 */
export * from './content/cms.ts';
export * from './content/game.ts';
export * from './content/published.ts';
export * from './content/support.ts';
