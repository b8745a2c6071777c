import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReveal } from './useReveal';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;
let report: Callback = () => {};

class FakeIntersectionObserver {
  constructor(callback: Callback) {
    report = callback;
  }
  observe() {}
  disconnect() {}
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

describe('useReveal', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.scrollY = 0;
  });

  it('shows the first screen at once and fades in what scrolls into view, every time', () => {
    const { getByTestId } = render(<Page />);
    const top = getByTestId('top');
    const below = getByTestId('below');

    report([
      { target: top, isIntersecting: true },
      { target: below, isIntersecting: false },
    ]);
    expect(top.className).toContain('is-visible');
    expect(top.className).toContain('reveal-instant');
    expect(below.className).not.toContain('is-visible');

    window.scrollY = 600;
    report([
      { target: top, isIntersecting: false },
      { target: below, isIntersecting: true },
    ]);
    expect(below.className).toContain('is-visible');
    expect(below.className).not.toContain('reveal-instant');
    expect(top.className).not.toContain('is-visible');

    window.scrollY = 0;
    report([{ target: top, isIntersecting: true }]);
    expect(top.className).toContain('is-visible');
    expect(top.className).not.toContain('reveal-instant');
  });
});
