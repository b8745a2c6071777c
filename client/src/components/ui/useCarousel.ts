import { useCallback, useEffect, useRef, useState } from 'react';

interface CarouselOptions {
  count: number;
  /** After a move, further moves are ignored for this long (lets the transition finish). */
  lockMs?: number;
  /** Advance by one every this many ms; wraps around. */
  autoplayMs?: number;
  /** A manual prev/next/dot click turns autoplay off for good (the hero slider's rule). */
  stopAutoplayOnManual?: boolean;
}

/** Index, wrap-around navigation, optional autoplay and control lock for the storefront carousels. */
export function useCarousel({ count, lockMs = 0, autoplayMs, stopAutoplayOnManual = false }: CarouselOptions) {
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(Boolean(autoplayMs));
  const locked = useRef(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const move = useCallback(
    (target: (current: number) => number) => {
      if (count < 1 || locked.current) return;
      if (lockMs > 0) {
        locked.current = true;
        lockTimer.current = setTimeout(() => {
          locked.current = false;
        }, lockMs);
      }
      setIndex((current) => ((target(current) % count) + count) % count);
    },
    [count, lockMs],
  );

  const manual = useCallback(
    (target: (current: number) => number) => {
      if (stopAutoplayOnManual) setAutoplay(false);
      move(target);
    },
    [move, stopAutoplayOnManual],
  );

  useEffect(() => {
    if (!autoplay || !autoplayMs || count < 2) return;
    const timer = setInterval(() => move((i) => i + 1), autoplayMs);
    return () => clearInterval(timer);
  }, [autoplay, autoplayMs, count, move]);

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  return {
    index: count > 0 ? index % count : 0,
    autoplay,
    next: () => manual((i) => i + 1),
    prev: () => manual((i) => i - 1),
    goTo: (target: number) => manual(() => target),
  };
}
