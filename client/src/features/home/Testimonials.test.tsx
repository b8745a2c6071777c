import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { TESTIMONIAL_LOCK_MS } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import { Testimonials, TESTIMONIALS } from './Testimonials';

describe('testimonials', () => {
  beforeEach(() => {
    mockFetch({});
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows one of 8 at a time, wraps, and locks for 500 ms', () => {
    renderInApp(<Testimonials />);
    expect(TESTIMONIALS).toHaveLength(8);
    expect(screen.getAllByRole('button', { name: /Show testimonial/ })).toHaveLength(8);
    expect(screen.getByText(TESTIMONIALS[0].name)).toBeInTheDocument();
    const [prev] = screen.getAllByRole('button', { name: 'Previous testimonial' });
    fireEvent.click(prev!);
    expect(screen.getByText(TESTIMONIALS[7].name)).toBeInTheDocument();
    fireEvent.click(prev!);
    expect(screen.getByText(TESTIMONIALS[7].name)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TESTIMONIAL_LOCK_MS));
    fireEvent.click(screen.getAllByRole('button', { name: 'Next testimonial' })[0]!);
    expect(screen.getByText(TESTIMONIALS[0].name)).toBeInTheDocument();
  });
});
