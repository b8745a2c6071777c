import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@kesh/shared';
import { ApiError, downloadFile } from './http';

describe('downloadFile', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    localStorage.setItem(STORAGE_KEYS.language, 'gu');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });

  it("asks in the owner's language, with the token, and saves the file under the server's name", async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7', { headers: { 'Content-Disposition': 'attachment; filename="KESH-2026-00001.pdf"' } }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadFile('/api/orders/1/invoice', 'tok', 'invoice.pdf');
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/1/invoice', {
      headers: { 'Accept-Language': 'gu', Authorization: 'Bearer tok' },
    });
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('KESH-2026-00001.pdf');
    click.mockRestore();
  });

  it("refuses with the server's message", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'ઇન્વૉઇસ હજી તૈયાર નથી' }, { status: 409 }));
    const err = await downloadFile('/api/orders/1/invoice', 'tok', 'invoice.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverError).toBe('ઇન્વૉઇસ હજી તૈયાર નથી');
  });
});
