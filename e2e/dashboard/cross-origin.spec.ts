import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { actAs, API, gatewaySignIn, gatewayToken, uniq } from './helpers';

/** A page on another port of the dashboard's host: same site, another origin. */
async function serve(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a page on another port cannot make the signed-in operator verify, nor sign anyone up', async ({
  page,
  request,
  baseURL,
}) => {
  // An organization waiting for its verification, made through the API.
  const target = {
    name: `Waiting ${uniq()}`,
    email: `waiting-${uniq()}@example.test`,
    password: 'waiting-password',
  };
  const signedUp = await request.post(`${API}/organization`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { name: target.name, admin_email: target.email, admin_password: target.password },
  });
  expect(signedUp.status()).toBe(200);
  const orgId = (await signedUp.json()).data.token as string;

  await actAs(page, 'operator');
  await page.goto('/');

  // The attacker's page: a beacon and a no-cors fetch (bodyless POSTs: no Content-Type), a fetch
  // that tries our header (it needs a preflight, which is never granted), and a form posting
  // text/plain whose `name=value` line is JSON — the `=` falls inside the password.
  const forged = { email: `forged-${uniq()}@example.test`, password: 'forged-pass=word-1' };
  const [passwordHead, passwordTail] = forged.password.split('=');
  const verify = `${baseURL}/api/proxy/operator/organizations/${orgId}/verify`;
  const formName = JSON.stringify({
    name: 'Forged Bank',
    admin_email: forged.email,
    admin_password: passwordHead,
  }).slice(0, -2);
  const attack = await serve(`<!doctype html>
<html><body>
<form id="signup" method="POST" action="${baseURL}/api/signup" enctype="text/plain" target="sink">
  <input type="hidden" name='${formName}' value='${passwordTail}"}'>
</form>
<iframe name="sink" title="sink"></iframe>
<script>
  navigator.sendBeacon(${JSON.stringify(verify)});
  fetch(${JSON.stringify(verify)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }).catch(() => {});
  fetch(${JSON.stringify(verify)}, { method: 'POST', credentials: 'include', headers: { 'x-csp-dashboard': '1' } })
    .then(() => (document.title = 'preflight granted'), () => (document.title = 'preflight refused'));
  document.getElementById('signup').submit();
</script>
</body></html>`);
  try {
    const attacker = await page.context().newPage();
    const answers: string[] = [];
    attacker.on('response', (res) => {
      const req = res.request();
      if (req.method() === 'POST' && req.url().startsWith(`${baseURL}/api/`))
        answers.push(`${req.method()} ${new URL(req.url()).pathname} ${res.status()}`);
    });
    await attacker.goto(attack.url);
    await expect(attacker).toHaveTitle('preflight refused');
    // The beacon, the no-cors fetch and the form each reached the dashboard and were refused.
    const verifyPath = new URL(verify).pathname;
    await expect
      .poll(() => [...answers].sort())
      .toEqual([`POST ${verifyPath} 403`, `POST ${verifyPath} 403`, 'POST /api/signup 403']);
    await attacker.close();
  } finally {
    attack.server.close();
  }

  // Nothing happened: the organization is still a sandbox, and the form signed nobody up.
  const admin = await gatewayToken(request, target);
  const me = await request.get(`${API}/me`, { headers: { authorization: `Bearer ${admin.jwt}` } });
  expect((await me.json()).data.organization.status).toBe('sandbox');
  expect((await gatewaySignIn(request, forged)).status).toBe(401);

  // The dashboard itself still verifies it (its own origin, through lib/client/api.ts).
  await page.goto(`/operator/organizations/${orgId}`);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await page.getByRole('button', { name: 'Verify…' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify “${target.name}”?` });
  await dialog.getByLabel('Note (required, shown to the organization)').fill('Licence checked');
  await dialog.getByRole('button', { name: 'Verify organization' }).click();
  await expect(page.getByText(`${target.name} is now verified`)).toBeVisible();
  const after = await request.get(`${API}/me`, { headers: { authorization: `Bearer ${admin.jwt}` } });
  expect((await after.json()).data.organization.status).toBe('verified');
});
