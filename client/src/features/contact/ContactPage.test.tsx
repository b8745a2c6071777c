import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_STATUS_MS, DEFAULT_SHOP, MESSAGES } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import ContactPage from './ContactPage';

describe('contact page', () => {
  it('sends the form, clears it and hides the note after 3 s', async () => {
    const { calls } = mockFetch({
      'POST /api/contact': () => ({ status: 201, body: { message: 'ok' } }),
    });
    renderInApp(<ContactPage />, { path: '/contact' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your name/), 'Asha');
    await user.type(screen.getByLabelText(/Email address/), 'asha@mail.com');
    await user.type(screen.getByLabelText(/Message/), 'Which oil for dry hair?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.contactSent)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('');
    expect(calls.find((c) => c.key === 'POST /api/contact')?.body).toEqual({
      name: 'Asha',
      email: 'asha@mail.com',
      phoneNo: '',
      subject: '',
      message: 'Which oil for dry hair?',
    });
    await waitFor(() => expect(screen.queryByText(MESSAGES.contactSent)).not.toBeInTheDocument(), {
      timeout: CONTACT_STATUS_MS + 1000,
    });
    // The note really stays for 3 s: the default 5 s leaves too little for typing on a loaded machine.
  }, 20_000);

  it('requires name, email and message and reports a failed send', async () => {
    const { calls } = mockFetch({ 'POST /api/contact': { status: 500, body: {} } });
    renderInApp(<ContactPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/contact')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Your name/), 'Asha');
    await user.type(screen.getByLabelText(/Email address/), 'asha@mail.com');
    await user.type(screen.getByLabelText(/Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.contactFailed)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Asha');
  });

  it('shows the shop phone, email, Rajkot address and a titled map', () => {
    mockFetch({});
    renderInApp(<ContactPage />);
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_SHOP.email)).toBeInTheDocument();
    expect(screen.getByText(/Rajkot, Gujarat/)).toBeInTheDocument();
    expect(screen.getByTitle('Map showing Kesh Ayurveda in Rajkot, Gujarat')).toHaveAttribute(
      'src',
      DEFAULT_SHOP.mapEmbedUrl,
    );
  });
});
