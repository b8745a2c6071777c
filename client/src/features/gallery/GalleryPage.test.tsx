import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import GalleryPage from './GalleryPage';

const items = [1, 2, 3].map((n) => ({ _id: `g${n}`, id: `g${n}`, image: `/uploads/g${n}.jpg` }));

describe('gallery page', () => {
  it('opens the lightbox and moves with the keyboard, wrapping around', async () => {
    mockFetch({ 'GET /gallery/': { body: items } });
    renderInApp(<GalleryPage />, { path: '/gallery' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open image 2' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    // The lightbox locks the page's scroll and takes focus in effects, which run after the dialog shows.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    expect(screen.getByRole('button', { name: 'Close image viewer' })).toHaveFocus();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('1 of 3')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('says when there are no images', async () => {
    mockFetch({ 'GET /gallery/': { body: [] } });
    renderInApp(<GalleryPage />);
    expect(await screen.findByText('No gallery images available')).toBeInTheDocument();
  });

  it('tells a failed fetch from an unreachable server', async () => {
    mockFetch({ 'GET /gallery/': { status: 500, body: { error: 'boom' } } });
    const first = renderInApp(<GalleryPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.galleryFetchFailed);
    first.unmount();
    mockFetch({ 'GET /gallery/': { network: true } });
    renderInApp(<GalleryPage />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.backendDown));
  });
});
