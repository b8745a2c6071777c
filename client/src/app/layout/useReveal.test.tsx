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
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the first screen shown, hides what is out of view and fades it in on entering, every time', () => {
    const { getByTestId } = render(<Page />);
    const top = getByTestId('top');
    const below = getByTestId('below');
    expect(top.className).not.toContain('reveal-hidden');
    expect(below.className).not.toContain('reveal-hidden');

    report([
      { target: top, isIntersecting: true },
      { target: below, isIntersecting: false },
    ]);
    expect(top.className).not.toContain('reveal-hidden');
    expect(below.className).toContain('reveal-hidden');

    report([
      { target: top, isIntersecting: false },
      { target: below, isIntersecting: true },
    ]);
    expect(below.className).not.toContain('reveal-hidden');
    expect(top.className).toContain('reveal-hidden');

    report([{ target: top, isIntersecting: true }]);
    expect(top.className).not.toContain('reveal-hidden');
  });
});
