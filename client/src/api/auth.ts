import type {
  AddressResponse,
  AuthResponse,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  SignupBody,
  UserProfile,
  VerifyEmailResponse,
  VerifyOtpBody,
} from '@kesh/shared';
import { apiRequest } from './http';

export const login = (body: LoginBody) => apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body });
export const signup = (body: SignupBody) => apiRequest<AuthResponse>('/api/auth/signup', { method: 'POST', body });
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
/** With `newPassword` it resets the password; without, it only checks the code. */
export const verifyOtp = (body: VerifyOtpBody) =>
  apiRequest<MessageResponse>('/api/auth/verify-otp', { method: 'POST', body });
export const fetchUser = (token: string) => apiRequest<UserProfile>('/api/auth/user', { token });
export const addAddress = (token: string, address: string) =>
  apiRequest<AddressResponse>('/api/auth/add-address', { method: 'POST', token, body: { address } });
export const removeAddress = (token: string) =>
  apiRequest<AddressResponse>('/api/auth/remove-address', { method: 'POST', token, body: {} });
/** Ends this session on the server (the token stops working), then the client forgets it. */
export const logout = (token: string) =>
  apiRequest<MessageResponse>('/api/auth/logout', { method: 'POST', token, body: {} });
/** Ends every session of the account, on every device. */
export const logoutEverywhere = (token: string) =>
  apiRequest<MessageResponse>('/api/auth/logout-all', { method: 'POST', token, body: {} });
/** Confirms the account's e-mail address with the code mailed at sign-up (or resent). */
export const verifyEmail = (token: string, otp: string) =>
  apiRequest<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', token, body: { otp } });
/** Mails a new confirmation code (a few a day). */
export const resendEmailCode = (token: string) =>
  apiRequest<VerifyEmailResponse>('/api/auth/verify-email/resend', { method: 'POST', token, body: {} });
