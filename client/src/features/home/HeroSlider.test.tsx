import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { SLIDER_AUTOPLAY_MS, SLIDER_LOCK_MS, type Slider } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import { placeholderUrl } from '../../components/ui/SafeImage';
import { HeroSlider } from './HeroSlider';

const slide = (n: number, image: string | null = `/uploads/s${n}.jpg`): Slider => ({
  _id: `s${n}`,
  id: `s${n}`,
  title: `Launch ${n}`,
  description: `About launch ${n}`,
  image,
  imageSrcSet: null,
});
const three = [slide(1), slide(2), slide(3)];
const shown = () => screen.getByRole('heading', { level: 2 }).textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('hero slider', () => {
  beforeEach(() => {
    mockFetch({});
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('advances every 5 s and wraps around', () => {
    renderInApp(<HeroSlider sliders={three} />);
    expect(shown()).toBe('Launch 1');
    advance(SLIDER_AUTOPLAY_MS - 1);
    expect(shown()).toBe('Launch 1');
    advance(1);
    expect(shown()).toBe('Launch 2');
    advance(SLIDER_AUTOPLAY_MS * 2);
    expect(shown()).toBe('Launch 1');
  });

  it('stops autoplay after a manual click and ignores clicks for 600 ms', () => {
    renderInApp(<HeroSlider sliders={three} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe('Launch 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe('Launch 2');
    advance(SLIDER_LOCK_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toBe('Launch 1');
    advance(SLIDER_LOCK_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(shown()).toBe('Launch 3');
    advance(SLIDER_AUTOPLAY_MS * 3);
    expect(shown()).toBe('Launch 3');
  });

  it('shows arrows and dots only with more than one slide', () => {
    renderInApp(<HeroSlider sliders={[slide(1)]} />);
    expect(shown()).toBe('Launch 1');
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to slide 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Product/ })).toHaveAttribute('href', '/products');
    expect(screen.getByText('New Launch')).toBeInTheDocument();
    for (const chip of ['Natural Ingredients', 'Ayurvedic Formula', 'Eco-Friendly'])
      expect(screen.getByText(chip)).toBeInTheDocument();
  });

  it('says so when there are no sliders, below any failure text', () => {
    renderInApp(<HeroSlider sliders={[]} errorText="Backend server is down. Please try again later." />);
    expect(screen.getByText('No sliders available')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Backend server is down. Please try again later.');
  });

  it('falls back to the placeholder when an image fails', () => {
    const { container } = renderInApp(<HeroSlider sliders={[slide(1, '/uploads/broken.jpg')]} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/broken.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(placeholderUrl);
  });
});
