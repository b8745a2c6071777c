import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@kesh/shared';
import { fetchDeliverySettings, importDeliveryCsv, saveDeliverySettings } from '../../api/admin';
import { ApiError } from '../../api/http';
import DeliveryPage from './pages/DeliveryPage';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({
  fetchDeliverySettings: vi.fn(),
  saveDeliverySettings: vi.fn(),
  importDeliveryCsv: vi.fn(),
}));

const RAJKOT = {
  servesAllIndia: true,
  etaDays: [3, 7] as [number, number],
  areas: [],
  codCapPaise: 500000,
  codFeePaise: 0,
  codMaxRefusals: 0,
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(fetchDeliverySettings).mockResolvedValue(RAJKOT);
  vi.mocked(saveDeliverySettings).mockImplementation((body) => Promise.resolve(body));
});

describe('admin Delivery page', () => {
  it('adds a cash-on-delivery area, stops serving the rest of India and saves', async () => {
    renderAdmin(<DeliveryPage />);
    const everywhere = await screen.findByRole('checkbox', { name: /Deliver anywhere in India/ });
    expect(everywhere).toBeChecked();
    await userEvent.click(everywhere);
    await userEvent.click(screen.getByRole('button', { name: 'Add area' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Area 1: PIN codes' }), '360');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Area 1: Cash on delivery' }));
    const most = screen.getByRole('spinbutton', { name: 'Area 1: most days' });
    await userEvent.clear(most);
    await userEvent.type(most, '5');
    expect(screen.getByLabelText('Largest order for cash on delivery (₹)')).toHaveValue(5000);
    const fee = screen.getByLabelText('Cash-on-delivery fee (₹)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '49.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));

    expect(saveDeliverySettings).toHaveBeenCalledWith({
      servesAllIndia: false,
      etaDays: [3, 7],
      areas: [{ pins: '360', cod: true, etaDays: [3, 5] }],
      codCapPaise: 500000,
      codFeePaise: 4950,
      codMaxRefusals: 0,
    });
    expect(await screen.findByText('Delivery settings saved')).toBeInTheDocument();
  });

  it("shows the server's reason when a save is refused", async () => {
    vi.mocked(saveDeliverySettings).mockRejectedValue(
      new ApiError('bad', 400, MESSAGES.invalidDeliveryArea, MESSAGES.invalidDeliveryArea),
    );
    renderAdmin(<DeliveryPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add area' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Area 1: PIN codes' }), '036');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByText(MESSAGES.invalidDeliveryArea)).toBeInTheDocument();
  });

  it('uploads a CSV file and shows the areas it saved', async () => {
    vi.mocked(importDeliveryCsv).mockResolvedValue({
      ...RAJKOT,
      areas: [{ pins: '380', cod: true, etaDays: [2, 4] }],
    });
    renderAdmin(<DeliveryPage />);
    const file = new File(['pins,cod,minDays,maxDays\n380,yes,2,4\n'], 'areas.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Upload a CSV file'), file);
    expect(importDeliveryCsv).toHaveBeenCalledWith('pins,cod,minDays,maxDays\n380,yes,2,4\n');
    expect(await screen.findByText('1 delivery area imported and saved')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Area 1: PIN codes' })).toHaveValue('380');
    expect(screen.getByRole('checkbox', { name: 'Area 1: Cash on delivery' })).toBeChecked();
  });
});
