import { test as setup } from '@playwright/test';
import { ROLES, signInAs, stateOf, type Role } from './helpers';

/**
 * Signs each demo role in once, through the sign-in form, and saves its session (cookies and local
 * storage) for the specs that only need "a signed-in X" (`test.use({ storageState: stateOf(X) })`).
 * Sessions are server-side: a spec that signs out, or ends its sessions, signs in on its own.
 */
for (const role of Object.keys(ROLES) as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, ROLES[role]);
    await page.context().storageState({ path: stateOf(role) });
  });
}
