import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGE_BYTES, MESSAGES, type Slider } from '@kesh/shared';
import { addSlider, updateSlider } from '../../api/admin';
import { fetchSliders } from '../../api/catalog';
import { ApiError } from '../../api/http';
import { SliderForm } from './components/SliderForm';
import SliderPage from './pages/SliderPage';
import { fakeFile, renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({
  addSlider: vi.fn(),
  updateSlider: vi.fn(),
  deleteSlider: vi.fn(),
}));
vi.mock('../../api/catalog', () => ({ fetchSliders: vi.fn() }));

const slider = (n: number): Slider => ({
  _id: `s${n}`,
  id: `s${n}`,
  title: `Banner ${n}`,
  description: `Description ${n}`,
  image: `/uploads/banner-${n}.jpg`,
  imageSrcSet: null,
});

const user = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  vi.mocked(addSlider).mockReset().mockResolvedValue(slider(9));
  vi.mocked(updateSlider).mockReset().mockResolvedValue(slider(1));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

function renderForm(editing: Slider | null = null) {
  const onSaved = vi.fn();
  renderAdmin(<SliderForm editing={editing} onSaved={onSaved} onCancel={vi.fn()} />);
  return { onSaved };
}

describe('slider form rules', () => {
  it('refuses a blank title or description after trimming', async () => {
    const u = user();
    renderForm();
    await u.type(screen.getByLabelText(/Title/), '   ');
    await u.type(screen.getByLabelText(/Description/), 'Fresh oils');
    await u.upload(screen.getByLabelText(/Image/), fakeFile('a.png', 'image/png'));
    await u.click(screen.getByRole('button', { name: 'Add Slider' }));
    expect(await screen.findByText(MESSAGES.sliderTitleDescriptionRequired)).toBeInTheDocument();
    expect(addSlider).not.toHaveBeenCalled();
  });

  it('requires an image when adding', async () => {
    const u = user();
    renderForm();
    await u.type(screen.getByLabelText(/Title/), 'Monsoon care');
    await u.type(screen.getByLabelText(/Description/), 'Oils for the rains');
    await u.click(screen.getByRole('button', { name: 'Add Slider' }));
    expect(await screen.findByText('Please choose an image for the new slider!')).toBeInTheDocument();
    expect(addSlider).not.toHaveBeenCalled();
  });

  it('refuses a file of another type and clears the selection', async () => {
    const u = user();
    renderForm();
    const input = screen.getByLabelText<HTMLInputElement>(/Image/);
    await u.upload(input, fakeFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByText(MESSAGES.imageTypeNotAllowed)).toBeInTheDocument();
    expect(input.value).toBe('');
  });

  it('refuses a file over 10 MB and clears the selection', async () => {
    const u = user();
    renderForm();
    const input = screen.getByLabelText<HTMLInputElement>(/Image/);
    await u.upload(input, fakeFile('huge.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(MESSAGES.imageTooLarge)).toBeInTheDocument();
    expect(input.value).toBe('');
  });

  it('adds a slider and says so', async () => {
    const u = user();
    const { onSaved } = renderForm();
    await u.type(screen.getByLabelText(/Title/), '  Monsoon care ');
    await u.type(screen.getByLabelText(/Description/), 'Oils for the rains');
    await u.upload(screen.getByLabelText(/Image/), fakeFile('banner.png', 'image/png'));
    await u.click(screen.getByRole('button', { name: 'Add Slider' }));
    expect(await screen.findByText('Slider "Monsoon care" added successfully!')).toBeInTheDocument();
    const form = vi.mocked(addSlider).mock.calls[0]![0];
    expect(form.get('title')).toBe('Monsoon care');
    expect((form.get('image') as File).name).toBe('banner.png');
    expect(onSaved).toHaveBeenCalledOnce();
    expect(screen.getByLabelText<HTMLInputElement>(/Title/).value).toBe('');
  });

  it('edits without a new image and keeps the server error with its details on failure', async () => {
    vi.mocked(updateSlider).mockRejectedValueOnce(
      new ApiError('Upload failed', 400, 'Upload failed', undefined, false, {
        error: 'Upload failed',
        details: 'disk full',
      }),
    );
    const u = user();
    renderForm(slider(1));
    expect(screen.getByLabelText<HTMLInputElement>(/Title/).value).toBe('Banner 1');
    await u.click(screen.getByRole('button', { name: 'Update Slider' }));
    expect(await screen.findByText('Upload failed: disk full')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Update Slider' }));
    expect(await screen.findByText('Slider "Banner 1" updated successfully!')).toBeInTheDocument();
  });

  it('blocks a second submit while the first is busy', async () => {
    let finish: (s: Slider) => void = () => undefined;
    vi.mocked(addSlider).mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const u = user();
    renderForm();
    await u.type(screen.getByLabelText(/Title/), 'Once');
    await u.type(screen.getByLabelText(/Description/), 'Only once');
    await u.upload(screen.getByLabelText(/Image/), fakeFile('b.gif', 'image/gif'));
    await u.click(screen.getByRole('button', { name: 'Add Slider' }));
    const busyButton = screen.getByRole('button', { name: 'Saving...' });
    expect(busyButton).toBeDisabled();
    finish(slider(9));
    await screen.findByText('Slider "Once" added successfully!');
    expect(addSlider).toHaveBeenCalledOnce();
  });

  it('sends the owner back to the login screen when the token is refused', async () => {
    vi.mocked(addSlider).mockRejectedValueOnce(new ApiError('Unauthorized', 401));
    const u = user();
    renderForm();
    await u.type(screen.getByLabelText(/Title/), 'Late');
    await u.type(screen.getByLabelText(/Description/), 'Expired token');
    await u.upload(screen.getByLabelText(/Image/), fakeFile('c.jpg', 'image/jpeg'));
    await u.click(screen.getByRole('button', { name: 'Add Slider' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe('slider limit', () => {
  it('hides the add form at 3 sliders and shows it again while editing', async () => {
    vi.mocked(fetchSliders).mockResolvedValue([slider(1), slider(2), slider(3)]);
    const u = user();
    renderAdmin(<SliderPage />);
    expect(await screen.findByText(MESSAGES.sliderLimitReached)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add Slider' })).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Banner 2/ });
    await u.click(within(row).getByRole('button', { name: 'Edit slider Banner 2' }));
    expect(screen.getByRole('form', { name: 'Edit Slider' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.sliderLimitReached)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText(MESSAGES.sliderLimitReached)).toBeInTheDocument());
  });

  it('shows the add form and placeholders below the limit', async () => {
    vi.mocked(fetchSliders).mockResolvedValue([{ ...slider(1), title: '', description: '', image: null }]);
    renderAdmin(<SliderPage />);
    expect(await screen.findByRole('form', { name: 'Add Slider' })).toBeInTheDocument();
    expect(screen.getByText('No Title')).toBeInTheDocument();
    expect(screen.getByText('No Description')).toBeInTheDocument();
    expect(screen.getByText('No Image')).toBeInTheDocument();
  });

  it('says when there are no sliders', async () => {
    vi.mocked(fetchSliders).mockResolvedValue([]);
    renderAdmin(<SliderPage />);
    expect(await screen.findByText('No sliders found')).toBeInTheDocument();
  });
});
