import { expect, test, type Page } from './support/test';
import { cardFrame } from './support/sandbox-card';

// Every remote a creator's visit loads: not mf_operator, which only an operator's session ever loads.
const REMOTES = ['mf_marketing', 'mf_auth_onboarding', 'mf_creator', 'mf_supporter', 'mf_public_profile', 'mf_help'];
const LIBRARIES = ['react', 'react-dom', 'react-router-dom', 'zustand', '@emotion/react', '@tanstack/react-query'];

interface ShareEntry {
  key: string;
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
}

/** Reads the Module Federation runtime's share scopes: every shared module with each registered version. */
async function shareScope(page: Page): Promise<{ instances: string[]; entries: ShareEntry[] }> {
  return page.evaluate(() => {
    type Shared = { from: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: {
          __INSTANCES__: { name: string }[];
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>>;
        };
      }
    ).__FEDERATION__;
    // Every app's runtime instance lists the scope under its own name; the registrations themselves
    // are the same objects when the scope is really shared, so distinct objects are counted.
    const seen = new Set<Shared>();
    const entries: ShareEntry[] = [];
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [key, versions] of Object.entries(packages)) {
          for (const [version, shared] of Object.entries(versions)) {
            if (seen.has(shared)) continue;
            seen.add(shared);
            entries.push({
              key,
              version,
              from: shared.from,
              loaded: Boolean(shared.loaded || shared.lib),
              useIn: shared.useIn ?? [],
            });
          }
        }
      }
    }
    return { instances: federation.__INSTANCES__.map((i) => i.name), entries };
  });
}

/** Client-side navigation, so every area is loaded into the one page (one federation runtime). */
async function navigate(page: Page, to: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

test('React, react-dom, React Router, zustand, emotion, TanStack Query and shared are each loaded once for the whole composed site', async ({
  page,
  creator,
}) => {
  test.setTimeout(60_000);
  // Every react-dom copy registers its renderer with the React DevTools hook when it loads: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject(renderer: unknown) {
        renderers.push(renderer);
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
    (window as unknown as Record<string, unknown>).__reactRenderers = renderers;
  });

  // One page, every area: the landing page, help, discover, a profile and its support page, signing
  // in through the auth area (the shell's header must follow: one session store), the creator's areas
  // and the supporter dashboard.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
  await navigate(page, '/help');
  await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
  await navigate(page, '/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeVisible();
  await navigate(page, '/pixelpat');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await navigate(page, '/pixelpat/support');
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await navigate(page, '/auth');
  await page.getByLabel('Email').fill(creator.email);
  await page.getByLabel('Password', { exact: true }).fill(creator.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /account/i })).toBeVisible();
  await navigate(page, '/analytics');
  await expect(page.getByRole('heading', { level: 1, name: /analytics/i })).toBeVisible();
  await navigate(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: /settings/i })).toBeVisible();
  await navigate(page, '/supporter-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const { instances, entries } = await shareScope(page);
  expect(instances.sort()).toEqual(['shell', ...REMOTES].sort());

  const sharedModules = entries.filter((e) => e.key.startsWith('@beabro/shared/'));
  expect(sharedModules.length).toBeGreaterThan(10);
  // Icons are stateless: each app bundles the ones it draws instead of registering all it imports in the
  // share scope (shared/build/shared-package-modules.mjs); after visiting every area, none is registered.
  expect(sharedModules.filter((e) => e.key.startsWith('@beabro/shared/ui/icons/')).map((e) => e.key)).toEqual([]);
  for (const key of [...LIBRARIES, ...new Set(sharedModules.map((e) => e.key))]) {
    const versions = entries.filter((e) => e.key === key);
    // One registration of each module (instantiated at most once), served to every app that asked for it.
    expect(versions, `${key} is registered ${versions.length} times`).toHaveLength(1);
  }
  for (const library of LIBRARIES) {
    const { loaded, useIn } = entries.find((e) => e.key === library)!;
    expect(loaded, `${library} was never loaded`).toBe(true);
    expect(useIn, `${library} is used by`).toContain('shell');
  }
  // The session store the header reads is the one the auth area wrote (the header followed the sign-in above).
  expect(entries.find((e) => e.key === '@beabro/shared/session/session-store')?.loaded).toBe(true);
  // Every remote got React (and the JSX runtime it renders with) from the one shared instance.
  const reactUsers = new Set(
    entries.filter((e) => e.key === 'react' || e.key === '@emotion/react/jsx-runtime').flatMap((e) => e.useIn),
  );
  for (const remote of REMOTES) expect([...reactUsers], `${remote} uses the shared React`).toContain(remote);

  expect(
    await page.evaluate(() => ((window as unknown as Record<string, unknown[]>).__reactRenderers ?? []).length),
  ).toBe(1);
});
