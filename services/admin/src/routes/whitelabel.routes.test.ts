import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '@atende/kit/testing';
import { startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
let superSession: Session;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;

const image = (mode: string | null, data: Buffer = png(), name = 'logo.png') => {
  const form = new FormData();
  form.append('typeArch', 'logo');
  if (mode !== null) form.append('mode', mode);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
};

beforeAll(async () => {
  platform = await startTestPlatform();
  superSession = await platform.login();
  company = await platform.createCompany();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('whitelabel images', () => {
  it('the super user uploads a logo: the answer is the stored name, the setting points at it, anyone fetches it at /public/<name>', async () => {
    const answer = await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: image('Light') });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect((await platform.request('GET', '/api/public-settings/appLogoLight')).body).toBe(answer.body);
    const file = await fetch(`${platform.url}/public/${answer.body}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);

    // A new light logo replaces the file; the dark one has its own setting.
    const next = await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: image('Light') });
    expect(next.body).not.toBe(answer.body);
    expect((await fetch(`${platform.url}/public/${answer.body}`)).status).toBe(404);
    const dark = await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: image('Dark') });
    expect((await platform.request('GET', '/api/public-settings/appLogoDark')).body).toBe(dark.body);
    expect((await platform.request('GET', '/api/public-settings/appLogoLight')).body).toBe(next.body);
  });

  it('login and signup backgrounds go to their own settings', async () => {
    const enter = await platform.request('POST', '/api/settings-whitelabel/login', { token: superSession.token, body: image('Enter') });
    const register = await platform.request('POST', '/api/settings-whitelabel/login', { token: superSession.token, body: image('Register') });
    expect((await platform.request('GET', '/api/public-settings/loginEnterImage')).body).toBe(enter.body);
    expect((await platform.request('GET', '/api/public-settings/loginRegisterImage')).body).toBe(register.body);
  });

  it('refuses a wrong or missing mode, a file that is not a raster image and a missing file, naming the field', async () => {
    const before = (await platform.request('GET', '/api/public-settings/appLogoFavicon')).body;
    const wrongMode = await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: image('Enter') });
    expect(wrongMode.status).toBe(400);
    expect(wrongMode.body.fields).toEqual([{ field: 'mode', message: 'must be one of Light, Dark, Favicon' }]);
    expect((await platform.request('POST', '/api/settings-whitelabel/login', { token: superSession.token, body: image(null) })).body.fields[0].field).toBe(
      'mode',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const script = await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: image('Favicon', svg, 'x.svg') });
    expect(script.status).toBe(415);
    expect(script.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect((await platform.request('POST', '/api/settings-whitelabel/logo', { token: superSession.token, body: new FormData() })).status).toBe(400);
    expect((await platform.request('GET', '/api/public-settings/appLogoFavicon')).body).toBe(before);
  });

  it('only the super user uploads (a company admin gets 403, no session 401); /public serves nothing but stored names', async () => {
    expect((await platform.request('POST', '/api/settings-whitelabel/logo', { token: company.admin.token, body: image('Light') })).status).toBe(403);
    expect((await platform.request('POST', '/api/settings-whitelabel/login', { body: image('Enter') })).status).toBe(401);
    for (const name of ['..%2Fkeys%2Fadmin-password', 'anything.png', '00000000-0000-0000-0000-000000000000.png']) {
      expect([400, 404], name).toContain((await fetch(`${platform.url}/public/${name}`)).status);
    }
  });
});
