import { useEffect } from 'react';

/**
 * Scroll-in animation, set up once for the whole storefront: every `.reveal` element (also ones that
 * lazy pages add later) fades in when it enters the view and resets when it leaves, so it repeats.
 */
export function useReveal(): void {
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') {
      const showAll = () => document.querySelectorAll('.reveal').forEach((el) => el.classList.add('is-visible'));
      showAll();
      const mutations = new MutationObserver(showAll);
      mutations.observe(document.body, { childList: true, subtree: true });
      return () => mutations.disconnect();
    }
    const seen = new WeakSet<Element>();
    const intersections = new IntersectionObserver(
      (entries) => entries.forEach((entry) => entry.target.classList.toggle('is-visible', entry.isIntersecting)),
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
