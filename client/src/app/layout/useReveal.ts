import { useEffect } from 'react';

/**
 * Scroll-in animation, set up once for the whole storefront: every `.reveal` element (also ones that
 * lazy pages add later) fades in when it enters the view and resets when it leaves, so it repeats.
 * Elements on the first screen of a page (in view before any scrolling) show at once.
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
      (entries) =>
        entries.forEach(({ target, isIntersecting }) => {
          // Seen for the first time while the page is still at the top: part of the first screen,
          // which appears without the fade (it would hold back the page's largest picture by a second).
          const instant = isIntersecting && !target.classList.contains('reveal-seen') && window.scrollY === 0;
          target.classList.add('reveal-seen');
          target.classList.toggle('reveal-instant', instant);
          target.classList.toggle('is-visible', isIntersecting);
        }),
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
