import { useEffect } from 'react';

/**
 * Scroll-in animation, set up once for the whole storefront: every `.reveal` element (also ones that
 * lazy pages add later) fades in when it enters the view and hides again when it leaves, so it
 * repeats. Nothing is hidden before this runs: the server's HTML (and a page read without
 * JavaScript) shows everything, and what is on the first screen stays as it is, without a fade that
 * would hold back the page's largest picture. Only what is out of view gets hidden, to fade in later.
 */
export function useReveal(): void {
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const seen = new WeakSet<Element>();
    const intersections = new IntersectionObserver(
      (entries) =>
        entries.forEach(({ target, isIntersecting }) => target.classList.toggle('reveal-hidden', !isIntersecting)),
      { threshold: 0.12 },
    );
    const observeNew = () =>
      document.querySelectorAll('.reveal').forEach((el) => {
        if (seen.has(el)) return;
        seen.add(el);
        intersections.observe(el);
      });
    observeNew();
    const mutations = new MutationObserver(observeNew);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      mutations.disconnect();
      intersections.disconnect();
    };
  }, []);
}
