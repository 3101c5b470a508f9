// Layer: renderer (React component). The scrolling part of a long list (the
// inspect view's dialogues, the compare view's pairs, the suspects queue): a virtual list of a
// paged list's rows (app/paged-rows.ts) that tells the rows which part is on
// screen, so their pages load, draws a placeholder for a row still loading,
// and brings the selection into view when asked (n/p, a jump). Rows are of
// one height, or (measure) as high as their content once drawn.

import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { PagedCall, PagedRows, RowOf } from '../app/paged-rows';

/** What the scroll container's own attributes may depend on: which rows are drawn, and scrolling to one. */
export interface VirtualView {
  drawn(index: number): boolean;
  scrollToIndex(index: number): void;
}

interface Props<C extends PagedCall> {
  rows: PagedRows<C>;
  rowHeight: number;
  overscan: number;
  /** The selection's index (-1: none or unknown), brought into view whenever scrollRequest grows. */
  selectedIndex: number;
  scrollRequest: number;
  row: (row: RowOf<C>, index: number) => ReactNode;
  placeholder: ReactNode;
  /** Rows as high as their content (measured once drawn; rowHeight is the estimate). */
  measure?: boolean;
  /** The scroll container's attributes (role, labels, keys, class, test id), given the view. */
  container?: (view: VirtualView) => HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };
}

export function VirtualRows<C extends PagedCall>({
  rows,
  rowHeight,
  overscan,
  selectedIndex,
  scrollRequest,
  row,
  placeholder,
  measure = false,
  container,
}: Props<C>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, so the virtualiser's unmemoisable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const first = items.length ? items[0].index : 0;
  const last = items.length ? items[items.length - 1].index : 0;
  const { show } = rows;
  useEffect(() => show(first, last), [show, first, last]);

  useEffect(() => {
    if (scrollRequest > 0 && selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [scrollRequest, selectedIndex, virtualizer]);

  const view: VirtualView = {
    drawn: (index) => items.some((i) => i.index === index),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  };
  return (
    <div ref={scrollRef} className="list-scroll" {...container?.(view)}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((it) => {
          const r = rows.row(it.index);
          return (
            <div
              key={it.key}
              className="row-slot"
              ref={measure ? virtualizer.measureElement : undefined}
              data-index={it.index}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: measure ? undefined : it.size,
                transform: `translateY(${it.start}px)`,
              }}
            >
              {r ? row(r, it.index) : placeholder}
            </div>
          );
        })}
      </div>
    </div>
  );
}
