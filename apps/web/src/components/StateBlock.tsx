import { createErrorBlock } from 'antd-mobile';
import { lazy, Suspense } from 'react';

// antd-mobile's four pictures are ~10 KB of gzipped JavaScript that no first screen needs before its data
// arrives: they come in their own chunk, and the block shows its title and text meanwhile.
const Picture = lazy(() => import('./StatePictures.tsx'));

type Status = 'default' | 'disconnected' | 'empty' | 'busy';

function picture(status: Status) {
  return (
    <Suspense fallback={null}>
      <Picture status={status} />
    </Suspense>
  );
}

/** antd-mobile's ErrorBlock, with its pictures loaded lazily. Use it wherever an ErrorBlock would go. */
export const StateBlock = createErrorBlock({
  default: picture('default'),
  disconnected: picture('disconnected'),
  empty: picture('empty'),
  busy: picture('busy'),
});
