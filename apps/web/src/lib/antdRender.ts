import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();
/** The roots Toast and Dialog still show something in. */
const live = new Set<Root>();

/**
 * antd-mobile 5 renders Toast and Dialog with the legacy `ReactDOM.render`, gone in React 19.
 * Its documented fix: hand it a `createRoot` based render once, before any imperative call.
 * Answers a function that unmounts every such root at once (the page's end: a test file's, whose document goes
 * away before a Toast's or a closing Dialog's own unmount would run).
 */
export function setUpAntdRender(): () => void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
      live.add(root);
    }
    root.render(node);
    return async () => {
      // Unmounting synchronously inside a render of the same root warns; wait one tick as the docs do.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      live.delete(root);
      roots.delete(container);
    };
  });
  return () => {
    // A root unmounted here and again by its own unmount later: React's second unmount does nothing.
    for (const root of live) root.unmount();
    live.clear();
  };
}
