/** The content area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The URL a CMS upload is served at. */
export { mediaUrl } from './media.ts';
/** Article text: plain text of an article, and text as safe HTML. */
export { plainText, textToHtml } from './sanitize.ts';
/** The demo's articles, pictures and PDF, written by system's demo set-up into an empty database. */
export { loadDemoContent } from './demo-content.ts';
/** A file of the demo's art (pictures and video drawn by scripts/demo-art), for the demo's shop products. */
export { demoArt } from './demo-art.ts';
