/**
 * What the build's prerender (prerender.ts) loads through Vite's SSR loader: the real app, rendered for one route,
 * language and session state with react-dom's static renderer, which waits for the route's lazy page.
 */
import { storage } from './memory-storage.ts';
import type { Language } from '@mp/contract';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createPath, Router, type To } from 'react-router';
import { App } from '../src/app/App.tsx';
import { PageLayout } from '../src/components/PageLayout.tsx';
import { LoadingBlock } from '../src/components/PageStates.tsx';
import { i18n, LANG_KEY, loadLanguage } from '../src/lib/i18n.ts';
import { TOKEN_KEY } from '../src/lib/session.ts';

export { DEFAULT_LANGUAGE, LANGUAGES } from '@mp/contract/web';

const hashHref = (to: To) => `#${typeof to === 'string' ? to : createPath(to)}`;
const noNavigation = { createHref: hashHref, go() {}, push() {}, replace() {} };

/** The path being rendered: one render at a time (the routes are rendered in turn). */
let renderingPath = '/';

/** A router fixed at the rendered path whose links are written as the hash router writes them ('#/pages/…'). */
function StaticHashRouter({ children }: { children: ReactNode }) {
  return (
    <Router location={renderingPath} navigator={noNavigation} static>
      {children}
    </Router>
  );
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** The app's markup at `path` in `lang`, with a stored session or without (the API's data: none, so skeletons). */
export async function renderRoute(path: string, lang: Language, loggedIn: boolean): Promise<string> {
  renderingPath = path;
  storage.setItem(LANG_KEY, lang);
  if (loggedIn) storage.setItem(TOKEN_KEY, 'prerender');
  else storage.removeItem(TOKEN_KEY);
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  const errors: string[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App Router={StaticHashRouter} />
    </StrictMode>,
    {
      // Every boundary inline: a large one would otherwise be written apart and revealed by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A boundary that fails would be left to the browser to render: the build fails instead.
      onError: (error, info) => void errors.push(`${String(error)}${info.componentStack ?? ''}`),
    },
  );
  const html = await streamText(prelude);
  if (errors.length > 0) throw new Error(`prerender of ${path} (${lang}) failed: ${errors.join('\n')}`);
  return html;
}

/** The frame of every other route while its page loads: a navigation bar and a skeleton (rendered over, not hydrated). */
export async function renderShell(): Promise<string> {
  renderingPath = '/';
  const { prelude } = await prerenderToNodeStream(
    <StaticHashRouter>
      <div className="app-column">
        <PageLayout title="" back={false}>
          <LoadingBlock lines={8} testId="prerender-shell" />
        </PageLayout>
      </div>
    </StaticHashRouter>,
  );
  return streamText(prelude);
}
