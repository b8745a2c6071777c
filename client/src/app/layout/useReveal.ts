import { useEffect } from 'react';

/** The scroll-in animation's length (the spec's 1000 ms). */
export const REVEAL_MS = 1000;

/**
 * Out of view, an element is lowered; scrolled to, it rises into place. It never fades (text caught
 * halfway is drawn at its full contrast: a fade passes through every grey between the text's colour
 * and its background) and is never hidden: what is below the fold stays readable to screen readers,
 * find-in-page and anything else that reads the page without scrolling it into view.
 */
export const REVEAL_HIDDEN: Keyframe = { transform: 'translateY(32px)' };
export const REVEAL_SHOWN: Keyframe = { transform: 'none' };

/**
 * Scroll-in animation, set up once for the whole storefront: every `.reveal` element (also ones that
 * lazy pages add later) is animated in when it enters the view and hidden again when it leaves, so it
 * repeats. Nothing is hidden before this runs: the server's HTML (and a page read without
 * JavaScript) shows everything, and what is on the first screen stays as it is, without an animation
 * that would hold back the page's largest picture (docs/decisions/0016).
 *
 * It works through the Web Animations API and never touches an element's attributes: the server's
 * markup may still be waiting for React to hydrate it (a lazy page's chunk not yet in), and a class
 * added meanwhile is a hydration mismatch that React reports and leaves unpatched. A shopper who asked
 * for reduced motion sees everything as it is, without any of it.
 */
export function useReveal(): void {
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || !('animate' in Element.prototype)) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    // What is out of view, lowered by an animation held at its first frame.
    const lowered = new Map<Element, Animation>();
    const intersections = new IntersectionObserver(
      (entries) => {
        if (reducedMotion?.matches) return;
        for (const { target, isIntersecting } of entries) {
          const held = lowered.get(target);
          if (!isIntersecting) {
            if (!held) lowered.set(target, target.animate([REVEAL_HIDDEN, REVEAL_HIDDEN], { fill: 'forwards' }));
          } else if (held) {
            lowered.delete(target);
            held.cancel();
            target.animate([REVEAL_HIDDEN, REVEAL_SHOWN], { duration: REVEAL_MS });
          }
        }
      },
      { threshold: 0.1 },
    );
    // Observing an element already observed does nothing, so each change just observes them all.
    const observeNew = () => document.querySelectorAll('.reveal').forEach((el) => intersections.observe(el));
    observeNew();
    const mutations = new MutationObserver(observeNew);
    mutations.observe(document.body, { childList: true, subtree: true });
    // Reduced motion asked for while the page is open takes effect at the next scroll; what is
    // lowered until then is still shown whole.
    return () => {
      mutations.disconnect();
      intersections.disconnect();
      lowered.forEach((held) => held.cancel());
    };
  }, []);
}
