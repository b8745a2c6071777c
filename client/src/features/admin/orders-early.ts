import { adminOrdersPath } from '../../api/admin';
import { startEarlyRequest } from '../../api/early';
import { ADMIN_PASSWORD_CHANGE_KEY, adminToken, requestHeaders } from '../../api/http';
import { ordersViewOf } from './ordersView';

/**
 * The orders screen's first request, made by a small classic script that the screen's HTML loads
 * (built on its own, client/build/classic-script.ts; named by the server, server/src/modules/pages):
 * it runs as soon as it arrives, long before the app's code has downloaded and run, and asks for the
 * page of orders the address names, with the headers the app sends. The app's first call for that
 * page (api/admin.ts, fetchAdminOrders) takes the response and handles it as any other.
 */
export function askForOrdersEarly(): void {
  // The screen's route only (react-router takes a trailing slash), signed in (else the app shows the
  // login) and not held on the password change (else the app shows that screen).
  if (!/^\/admin\/orders\/?$/.test(location.pathname)) return;
  const token = adminToken();
  if (!token || localStorage.getItem(ADMIN_PASSWORD_CHANGE_KEY) !== null) return;
  startEarlyRequest(adminOrdersPath(ordersViewOf(new URLSearchParams(location.search))), requestHeaders(token));
}
