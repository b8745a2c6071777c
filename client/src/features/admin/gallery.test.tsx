import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGE_BYTES, MESSAGES } from '@kesh/shared';
import { uploadGallery } from '../../api/admin';
import { ApiError } from '../../api/http';
import { GalleryUploader } from './components/GalleryUploader';
import { queueGalleryFiles } from './imageRules';
import { fakeFile, renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ uploadGallery: vi.fn() }));

const user = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  vi.mocked(uploadGallery).mockReset();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

describe('gallery queue rules', () => {
  it('refuses wrong types and oversized files by name and drops same-name duplicates silently', () => {
    const first = fakeFile('leaf.png', 'image/png');
    const { queue, errors } = queueGalleryFiles(
      [first],
      [
        fakeFile('leaf.png', 'image/png'),
        fakeFile('notes.pdf', 'application/pdf'),
        fakeFile('huge.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1),
        fakeFile('edge.jpg', 'image/jpeg', MAX_IMAGE_BYTES),
        fakeFile('oil.gif', 'image/gif'),
        fakeFile('oil.gif', 'image/gif'),
      ],
    );
    expect(queue.map((f) => f.name)).toEqual(['leaf.png', 'edge.jpg', 'oil.gif']);
    expect(queue[0]).toBe(first);
    expect(errors).toEqual([
      'File notes.pdf is not a valid image type! Only JPEG, JPG, PNG, and GIF are allowed.',
      'File huge.jpg exceeds 10MB!',
    ]);
  });
});

describe('gallery uploader', () => {
  it('shows removable previews and offers Upload Gallery only while files are queued', async () => {
    const u = user();
    renderAdmin(<GalleryUploader onUploaded={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Upload Gallery' })).not.toBeInTheDocument();

    const picker = screen.getByLabelText(/Choose images/);
    await u.upload(picker, [fakeFile('a.png', 'image/png'), fakeFile('b.jpg', 'image/jpeg')]);
    await u.upload(picker, [fakeFile('a.png', 'image/png'), fakeFile('bad.bmp', 'image/bmp')]);
    expect(await screen.findByText(MESSAGES.galleryFileTypeNotAllowed('bad.bmp'))).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.jpg']);
    expect(screen.getByRole('button', { name: 'Upload Gallery' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Remove a.png' }));
    await u.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Gallery' })).not.toBeInTheDocument();
  });

  it('names an oversized file', async () => {
    const u = user();
    renderAdmin(<GalleryUploader onUploaded={vi.fn()} />);
    await u.upload(screen.getByLabelText(/Choose images/), fakeFile('big.png', 'image/png', MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(MESSAGES.galleryFileTooLarge('big.png'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Gallery' })).not.toBeInTheDocument();
  });

  it('uploads every queued file as `images`, showing progress, then clears the queue', async () => {
    let report: (percent: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    vi.mocked(uploadGallery).mockImplementation((_form, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = () => resolve({})));
    });
    const onUploaded = vi.fn();
    const u = user();
    renderAdmin(<GalleryUploader onUploaded={onUploaded} />);
    await u.upload(screen.getByLabelText(/Choose images/), [
      fakeFile('a.png', 'image/png'),
      fakeFile('b.gif', 'image/gif'),
    ]);
    await u.click(screen.getByRole('button', { name: 'Upload Gallery' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    report(45);
    expect(await screen.findByText('45%')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '45');

    const form = vi.mocked(uploadGallery).mock.calls[0]![0];
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.gif']);
    finish();
    expect(await screen.findByText(MESSAGES.galleryUploaded)).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Gallery' })).not.toBeInTheDocument();
  });

  it("keeps the queue and shows the server's error when the upload fails", async () => {
    vi.mocked(uploadGallery).mockRejectedValue(new ApiError('Too many files', 400, 'Too many files'));
    const u = user();
    renderAdmin(<GalleryUploader onUploaded={vi.fn()} />);
    await u.upload(screen.getByLabelText(/Choose images/), fakeFile('a.png', 'image/png'));
    await u.click(screen.getByRole('button', { name: 'Upload Gallery' }));
    expect(await screen.findByText('Too many files')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove a.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Gallery' })).toBeEnabled();
  });
});
