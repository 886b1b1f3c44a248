import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUpAntdRender } from './lib/antdRender.ts';
import { loadLanguage, storedLanguage } from './lib/i18n.ts';
import { App } from './app/App.tsx';
import { BUILT_PAGES } from './app/pages.ts';
import { currentPath, HOME_PATH } from './lib/navigation.ts';
import { startPwa } from './app/pwa/start.ts';
import './app/app.css';

setUpAntdRender();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first page's code is fetched alongside the texts rather than after them (the route renders it later;
// the browser loads each chunk once).
const first = currentPath();
void BUILT_PAGES[first === '/' || first === '/pages/main' ? HOME_PATH : first]?.load().catch(() => {});
// The first screen waits for its language's texts (a small chunk), so it never shows a text key.
void loadLanguage(storedLanguage()).finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
