import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SafeImage, placeholderUrl } from './SafeImage';

const SRCSET = '/uploads/a-w400.webp 400w, /uploads/a-w800.webp 800w';

describe('SafeImage', () => {
  it('offers the resized variants with the shown size', () => {
    render(<SafeImage src="/uploads/a.jpg" srcSet={SRCSET} sizes="96px" alt="Oil" />);
    const img = screen.getByRole('img', { name: 'Oil' });
    expect(img).toHaveAttribute('src', '/uploads/a.jpg');
    expect(img).toHaveAttribute('srcset', SRCSET);
    expect(img).toHaveAttribute('sizes', '96px');
  });

  it('has no srcset when the image has no variants', () => {
    render(<SafeImage src="/uploads/a.jpg" srcSet={null} sizes="96px" alt="Oil" />);
    const img = screen.getByRole('img', { name: 'Oil' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('falls back from a broken variant to the original, then to the placeholder', () => {
    render(<SafeImage src="/uploads/a.jpg" srcSet={SRCSET} sizes="96px" alt="Oil" />);
    const img = screen.getByRole('img', { name: 'Oil' });
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('src', '/uploads/a.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', placeholderUrl);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows the placeholder without a srcset when there is no image', () => {
    render(<SafeImage src={undefined} srcSet={SRCSET} alt="Oil" />);
    const img = screen.getByRole('img', { name: 'Oil' });
    expect(img).toHaveAttribute('src', placeholderUrl);
    expect(img).not.toHaveAttribute('srcset');
  });
});
