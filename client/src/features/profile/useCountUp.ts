import { useEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, COUNTER_STEPS, COUNTER_VISIBLE_THRESHOLD } from '@kesh/shared';

/**
 * Counts from 0 to `target` over ~2.5 s in 60 steps, starting the first time 30% of the element is
 * in view (spec section 4). Until then it shows the target itself, which is what the server's HTML
 * says (a page read without JavaScript shows the real figures). Returns the ref and the value.
 */
export function useCountUp<T extends Element>(target: number) {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(target);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || started) return;
    if (typeof IntersectionObserver === 'undefined') {
      setStarted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setStarted(true);
          observer.disconnect();
        }
      },
      { threshold: COUNTER_VISIBLE_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [started]);

  useEffect(() => {
    if (!started) return;
    let step = 0;
    setValue(0);
    const timer = setInterval(() => {
      step += 1;
      setValue(step >= COUNTER_STEPS ? target : Math.round((target * step) / COUNTER_STEPS));
      if (step >= COUNTER_STEPS) clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => clearInterval(timer);
  }, [started, target]);

  return { ref, value };
}
