import { type ReactNode, type PointerEvent as ReactPointerEvent, useLayoutEffect, useRef } from 'react';

type Props = {
  children: ReactNode;
  /** When this changes the view scrolls back to the top, centred (a new tree root). */
  centerKey: string;
  label: string;
  testId?: string;
};

type Drag = { x: number; y: number; left: number; top: number };

/** Moving this far (px) turns a press into a drag, so the tap on a card under it does not count. */
const DRAG_SLOP_PX = 5;

/**
 * A box that scrolls both ways: touch screens pan it natively; a mouse pans it by dragging. A drag that moved
 * swallows the click that ends it, so panning over a card does not open that card.
 */
export function PanArea({ children, centerKey, label, testId }: Props) {
  const ref = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: centring is wanted only when the root changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollLeft = Math.max(0, (el.scrollWidth - el.clientWidth) / 2);
    el.scrollTop = 0;
  }, [centerKey]);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    dragged.current = false;
    const el = ref.current;
    if (e.pointerType !== 'mouse' || !el) return;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const start = drag.current;
    const el = ref.current;
    if (!start || !el) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > DRAG_SLOP_PX) dragged.current = true;
    el.scrollLeft = start.left - dx;
    el.scrollTop = start.top - dy;
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    // Keyboard users reach the cards inside (buttons), which scrolls them into view; touch pans natively.
    <section
      ref={ref}
      className="tree-pan"
      aria-label={label}
      data-testid={testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerLeave={endDrag}
      onClickCapture={(e) => {
        if (!dragged.current) return;
        dragged.current = false;
        e.stopPropagation();
        e.preventDefault();
      }}
    >
      {children}
    </section>
  );
}
