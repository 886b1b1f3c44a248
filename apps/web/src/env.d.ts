/** The app's version from apps/web/package.json, injected by vite `define`. */
declare const __APP_VERSION__: string;
