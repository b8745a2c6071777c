import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHOP, MESSAGES, STORAGE_KEYS } from '@kesh/shared';
import { useSession } from '../../state/session';
import { CartButton } from '../../app/layout/Header';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import { AUTH_RESET_DELAY_MS, AuthModal } from './AuthModal';

function Harness({ redirectTo = '/userdashbord' }: { redirectTo?: string }) {
  const { openAuthModal, user } = useSession();
  return (
    <>
      <button type="button" onClick={() => openAuthModal({ mode: 'login', redirectTo })}>
        open
      </button>
      <button type="button" onClick={() => openAuthModal({ mode: 'signup' })}>
        open signup
      </button>
      <p>signed in as {user?.username ?? 'nobody'}</p>
      <CartButton />
      <AuthModal />
    </>
  );
}

const auth = { username: 'asha', token: 'tok', userId: 'u1', expiresAt: Date.now() + 8 * 3600_000 };

async function openModal(label = 'open') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: label }));
  return user;
}

const dialog = () => screen.queryByRole('dialog');
const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

describe('auth modal: login and signup', () => {
  it('asks for all fields before logging in', async () => {
    mockFetch({});
    renderInApp(<Harness />);
    const user = await openModal();
    expect(title()).toBe('Welcome Back!');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);
  });

  it('logs in, stores the session, fetches the cart count and goes to the dashboard', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': { body: auth },
      'GET /api/cart/cart': { body: { items: [], cartCount: 2, totalAmount: 0 } },
    });
    const app = renderInApp(<Harness />);
    const user = await openModal();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(app.location()).toBe('/userdashbord'));
    expect(dialog()).not.toBeInTheDocument();
    expect(screen.getByText('signed in as asha')).toBeInTheDocument();
    // The count comes from a cart request after the login.
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('2'));
    expect(calls.find((c) => c.key === 'POST /api/auth/login')?.body).toEqual({
      email: 'asha@example.com',
      password: 'secret123',
    });
    expect(calls.find((c) => c.key === 'GET /api/cart/cart')?.headers.Authorization).toBe('Bearer tok');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}') as { token: string; expiry: number };
    expect(stored.token).toBe('tok');
    expect(stored.expiry).toBe(auth.expiresAt);
  });

  it("shows the server's error, else the spec's fallback", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: MESSAGES.invalidCredentials } } });
    renderInApp(<Harness />);
    const user = await openModal();
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);

    mockFetch({ 'POST /api/auth/login': { network: true } });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFailed));
  });

  it('validates signup fields one message at a time', async () => {
    const { calls } = mockFetch({});
    renderInApp(<Harness />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(title()).toBe('Create Account');
    const submit = () => user.click(screen.getAllByRole('button', { name: 'Sign Up' })[0]!);

    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);

    await user.type(screen.getByLabelText('Username'), 'Asha');
    await user.type(screen.getByLabelText('Email address'), 'asha at mail');
    await user.type(screen.getByLabelText('Phone number'), '98765');
    await user.type(screen.getByLabelText('Password'), 'short');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail(DEFAULT_SHOP.email));

    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'asha@mail.com');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidPhone);

    await user.type(screen.getByLabelText('Phone number'), '43210');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordTooShort);
    expect(calls.filter((c) => c.key.includes('/api/auth/signup'))).toHaveLength(0);
  });

  it('signs up and shows the fallback when the server gives no reason', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/signup': { status: 500, body: {} } });
    renderInApp(<Harness />);
    const user = await openModal('open signup');
    await user.type(screen.getByLabelText('Username'), 'Asha');
    await user.type(screen.getByLabelText('Email address'), 'Asha@Mail.com');
    await user.type(screen.getByLabelText('Phone number'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getAllByRole('button', { name: 'Sign Up' })[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.signupFailed);
    expect(calls.find((c) => c.key === 'POST /api/auth/signup')?.body).toEqual({
      username: 'Asha',
      email: 'asha@mail.com',
      contact: '9876543210',
      password: 'longenough',
    });
  });

  it('clears its fields a moment after closing', async () => {
    mockFetch({});
    renderInApp(<Harness />);
    const user = await openModal();
    await user.type(screen.getByLabelText('Email address'), 'typed@example.com');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, AUTH_RESET_DELAY_MS + 50));
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });
});

describe('auth modal: forgot password', () => {
  it('walks email -> OTP -> new password and closes', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/forgot-password': { body: { message: MESSAGES.otpSentIfExists } },
      'POST /api/auth/verify-otp': (init) => {
        const body = JSON.parse(String(init?.body)) as { otp: string; newPassword?: string };
        if (body.otp !== '123456') return { status: 400, body: { error: MESSAGES.otpInvalid } };
        return { body: { message: body.newPassword ? MESSAGES.passwordReset : MESSAGES.otpVerified } };
      },
    });
    renderInApp(<Harness />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(title()).toBe('Forgot Password');

    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillRequiredField);
    await user.type(screen.getByLabelText('Email address'), 'asha@mail.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    await waitFor(() => expect(title()).toBe('Verify OTP'));
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(MESSAGES.otpSentIfExists);
    await user.click(screen.getAllByRole('button', { name: 'Verify OTP' })[0]!);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillRequiredField);
    await user.type(screen.getByLabelText('One-time code (OTP)'), '000000');
    await user.click(screen.getAllByRole('button', { name: 'Verify OTP' })[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.otpInvalid);
    await user.clear(screen.getByLabelText('One-time code (OTP)'));
    await user.type(screen.getByLabelText('One-time code (OTP)'), '123456');
    await user.click(screen.getAllByRole('button', { name: 'Verify OTP' })[0]!);

    await waitFor(() => expect(title()).toBe('Reset Password'));
    await user.click(screen.getAllByRole('button', { name: 'Reset Password' })[0]!);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillRequiredField);
    await user.type(screen.getByLabelText('New password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass124');
    await user.click(screen.getAllByRole('button', { name: 'Reset Password' })[0]!);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordsDoNotMatch);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass123');
    await user.click(screen.getAllByRole('button', { name: 'Reset Password' })[0]!);

    await waitFor(() => expect(dialog()).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key === 'POST /api/auth/verify-otp').at(-1)?.body).toEqual({
      email: 'asha@mail.com',
      otp: '123456',
      newPassword: 'newpass123',
    });
  });

  it('uses the fallbacks when sending the OTP or resetting fails without a reason', async () => {
    mockFetch({ 'POST /api/auth/forgot-password': { network: true } });
    renderInApp(<Harness />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await user.type(screen.getByLabelText('Email address'), 'asha@mail.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.otpSendFailed);
  });

  it('Resend OTP returns to step 1 and Back to Login to step 0', async () => {
    mockFetch({ 'POST /api/auth/forgot-password': { body: { message: MESSAGES.otpSentIfExists } } });
    renderInApp(<Harness />);
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await user.type(screen.getByLabelText('Email address'), 'asha@mail.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(title()).toBe('Verify OTP'));
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(title()).toBe('Forgot Password');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(title()).toBe('Welcome Back!');
  });
});
