import { setUpAntdRender } from '../lib/antdRender.ts';
import { loadLanguage, storedLanguage } from '../lib/i18n.ts';
import { currentPath, HOME_PATH } from '../lib/navigation.ts';
import { BUILT_PAGES } from './pages.ts';
import { startPwa } from './pwa/start.ts';

export { App } from './App.tsx';
// Last: its rules override antd-mobile's (the stylesheets' order is the imports').
import './app.css';

/**
 * What the app needs before its first render (src/main.tsx loads this module after React DOM's, in a task of its
 * own): antd-mobile's imperative render, the installable app, and the first screen's texts (a small chunk: it never
 * shows a text key). The first page's code is fetched alongside the texts rather than after them (the route renders
 * it later; the browser loads each chunk once).
 */
export async function prepareApp(): Promise<void> {
  setUpAntdRender();
  startPwa();
  const first = currentPath();
  void BUILT_PAGES[first === '/' || first === '/pages/main' ? HOME_PATH : first]?.load().catch(() => {});
  await loadLanguage(storedLanguage()).catch(() => {});
}
