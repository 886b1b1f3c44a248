import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUpAntdRender } from './lib/antdRender.ts';
import './lib/i18n.ts';
import { App } from './app/App.tsx';
import './app/app.css';

setUpAntdRender();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
