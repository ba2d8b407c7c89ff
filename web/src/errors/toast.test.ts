import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from 'antd';
import { bindToastApi, toastError } from './toast';

// antd's components do not load outside a browser bundle; the toast API is bound below.
vi.mock('antd', () => ({ App: {}, message: {}, notification: {} }));

type Api = Parameters<typeof bindToastApi>[0] & ReturnType<typeof App.useApp>;

describe('error toasts', () => {
  afterEach(() => bindToastApi(null));

  it('the same error twice at once (a page whose two reads fail alike) is one toast, another error a second one', () => {
    const shown = new Map<string, string>();
    const error = vi.fn(({ key, content }: { key: string; content: string }) => void shown.set(key, content));
    bindToastApi({ message: { error }, notification: {} } as unknown as Api);
    const notFound = { response: { status: 404, data: { error: 'ERR_NO_TICKET_FOUND', message: 'Ticket not found' } } };
    toastError(notFound);
    toastError(notFound);
    expect(error).toHaveBeenCalledTimes(2);
    expect(shown.size).toBe(1);
    toastError({ response: { status: 404, data: { error: 'ERR_NO_CONTACT_FOUND', message: 'Contact not found' } } });
    expect(shown.size).toBe(2);
  });
});
