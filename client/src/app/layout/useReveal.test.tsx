import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_HIDDEN, REVEAL_MS, REVEAL_SHOWN, useReveal } from './useReveal';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;
let report: Callback = () => {};
class FakeIntersectionObserver {
  constructor(callback: Callback) {
    report = callback;
  }
  observe() {}
  disconnect() {}
}

/** What each element shows now: the last keyframe of its animations still running, or as rendered. */
const showing = new Map<Element, { frames: Keyframe[]; options: KeyframeAnimationOptions; cancelled: boolean }[]>();
function state(el: Element): 'hidden' | 'revealing' | 'as rendered' {
  const running = (showing.get(el) ?? []).filter((a) => !a.cancelled);
  const last = running.at(-1);
  if (!last) return 'as rendered';
  return last.frames.at(-1) === REVEAL_HIDDEN ? 'hidden' : 'revealing';
}
function fakeAnimate(this: Element, frames: Keyframe[], options: KeyframeAnimationOptions) {
  const animation = { frames, options, cancelled: false };
  showing.set(this, [...(showing.get(this) ?? []), animation]);
  return {
    cancel() {
      animation.cancelled = true;
    },
  } as unknown as Animation;
}

function Page() {
  useReveal();
  return (
    <>
      <div className="reveal" data-testid="top" />
      <div className="reveal" data-testid="below" />
    </>
  );
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('useReveal', () => {
  beforeEach(() => {
    showing.clear();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    Element.prototype.animate = fakeAnimate as Element['animate'];
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (Element.prototype as Partial<Element>).animate;
  });

  it('leaves the first screen shown, hides what is out of view and reveals it on entering, every time', () => {
    const { getByTestId } = render(<Page />);
    const top = getByTestId('top');
    const below = getByTestId('below');
    expect([state(top), state(below)]).toEqual(['as rendered', 'as rendered']);

    report([
      { target: top, isIntersecting: true },
      { target: below, isIntersecting: false },
    ]);
    expect([state(top), state(below)]).toEqual(['as rendered', 'hidden']);

    report([
      { target: top, isIntersecting: false },
      { target: below, isIntersecting: true },
    ]);
    expect([state(top), state(below)]).toEqual(['hidden', 'revealing']);
    const reveal = showing.get(below)!.at(-1)!;
    expect(reveal.frames).toEqual([REVEAL_HIDDEN, REVEAL_SHOWN]);
    expect(reveal.options.duration).toBe(REVEAL_MS);
    // Out of view means lowered, never hidden or faded: screen readers and find-in-page still reach it.
    for (const frame of reveal.frames) expect(Object.keys(frame)).toEqual(['transform']);

    report([{ target: top, isIntersecting: true }]);
    expect(state(top)).toBe('revealing');
  });

  it("never changes an element's attributes, so markup React has yet to hydrate stays the server's", () => {
    const { getByTestId } = render(<Page />);
    const below = getByTestId('below');
    const before = below.outerHTML;
    report([{ target: below, isIntersecting: false }]);
    expect(state(below)).toBe('hidden');
    expect(below.outerHTML).toBe(before);
  });

  it('neither hides nor animates anything for a shopper who asked for reduced motion', () => {
    preferReducedMotion(true);
    const { getByTestId } = render(<Page />);
    const below = getByTestId('below');
    report([{ target: below, isIntersecting: false }]);
    report([{ target: below, isIntersecting: true }]);
    expect(showing.size).toBe(0);
  });

  it('keeps no frame of the animation in which text is fainter than it is drawn', () => {
    for (const frame of [REVEAL_HIDDEN, REVEAL_SHOWN]) expect(frame).not.toHaveProperty('opacity');
  });
});
