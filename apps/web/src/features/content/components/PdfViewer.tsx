import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type State = { phase: 'loading' | 'ready' | 'failed'; pages: number };

/**
 * A PDF drawn page by page into canvases by pdf.js (loaded only here, with its worker from our own origin), fitted
 * to the screen's width. Phones' browsers do not show PDFs inline; this does.
 */
export function PdfViewer({ url }: { url: string }) {
  const { t } = useTranslation('content');
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ phase: 'loading', pages: 0 });
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url, isEvalSupported: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled || !box.current) return;
      const width = box.current.clientWidth || 360;
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        if (cancelled || !box.current) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.width = `${width}px`;
        canvas.setAttribute('aria-label', t('page', { page: n, pages: doc.numPages }));
        canvas.dataset.testid = 'pdf-page';
        box.current.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState({ phase: 'ready', pages: doc.numPages });
    })().catch(() => {
      if (!cancelled) setState({ phase: 'failed', pages: 0 });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, t]);
  return (
    <div className="pdf-viewer" data-testid="pdf-viewer" data-state={state.phase}>
      {state.phase === 'loading' ? <p className="pdf-status">{t('pdfLoading')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="pdf-status" role="alert">
          {t('pdfFailed')}
        </p>
      ) : null}
      <div ref={box} className="pdf-pages" />
    </div>
  );
}
