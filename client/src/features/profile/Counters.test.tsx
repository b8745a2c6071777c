import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { COUNTER_DURATION_MS, COUNTER_VISIBLE_THRESHOLD } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import { Counters } from './Counters';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; threshold: unknown }[] = [];

class FakeIntersectionObserver {
  constructor(callback: Callback, options: { threshold?: number }) {
    observers.push({ callback, threshold: options.threshold });
  }
  observe() {}
  disconnect() {}
}

const values = () => screen.getAllByTestId('counter-value').map((el) => el.textContent);

describe('achievement counters', () => {
  beforeEach(() => {
    observers.length = 0;
    mockFetch({});
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => vi.useRealTimers());

  it('show their figures, and count up to them in ~2.5 s once 30% visible', () => {
    renderInApp(<Counters />);
    expect(observers.map((o) => o.threshold)).toEqual([0.3, 0.3, 0.3, 0.3].map(() => COUNTER_VISIBLE_THRESHOLD));
    // Before: the figures themselves, as the server's HTML shows them.
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS));
    expect(values()).toEqual(['50,000', '150', '12,000', '25']);

    act(() => observers.forEach((o) => o.callback([{ isIntersecting: true }])));
    expect(values()).toEqual(['0', '0', '0', '0']);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS / 2));
    expect(values()).toEqual(['25,000', '75', '6,000', '13']);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS / 2 + 50));
    expect(values()).toEqual(['50,000', '150', '12,000', '25']);
  });
});
