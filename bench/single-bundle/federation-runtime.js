// Stands in for @module-federation/enhanced/runtime in the single-bundle build (see rspack.config.mjs):
// every exposed area is an ordinary lazily loaded chunk of the same build.
import registry from '../../shared/src/contract/remotes.json';

const AREAS = {
  'mf_marketing/landing': () => import('../../mf-marketing/src/exposes/landing.tsx'),
  'mf_auth_onboarding/auth': () => import('../../mf-auth-onboarding/src/exposes/auth.tsx'),
  'mf_auth_onboarding/create': () => import('../../mf-auth-onboarding/src/exposes/create.tsx'),
  'mf_auth_onboarding/verify-email': () => import('../../mf-auth-onboarding/src/exposes/verify-email.tsx'),
  'mf_creator/dashboard': () => import('../../mf-creator/src/exposes/dashboard.tsx'),
  'mf_creator/settings': () => import('../../mf-creator/src/exposes/settings.tsx'),
  'mf_creator/analytics': () => import('../../mf-creator/src/exposes/analytics.tsx'),
  'mf_supporter/supporter-dashboard': () => import('../../mf-supporter/src/exposes/supporter-dashboard.tsx'),
  'mf_supporter/discover': () => import('../../mf-supporter/src/exposes/discover.tsx'),
  'mf_supporter/cancel-link': () => import('../../mf-supporter/src/exposes/cancel-link.tsx'),
  'mf_help/help': () => import('../../mf-help/src/exposes/help.tsx'),
  'mf_public_profile/profile': () => import('../../mf-public-profile/src/exposes/profile.tsx'),
  'mf_public_profile/support': () => import('../../mf-public-profile/src/exposes/support.tsx'),
};

// A new exposed area must be added above, or the single bundle would silently lack it.
for (const remote of registry.remotes) {
  for (const expose of remote.exposes) {
    const id = `${remote.name.replace(/-/g, '_')}/${expose.slice(2)}`;
    if (!AREAS[id]) throw new Error(`bench/single-bundle/federation-runtime.js does not bundle ${id}`);
  }
}

export function loadRemote(id) {
  const load = AREAS[id];
  return load ? load() : Promise.reject(new Error(`No bundled area ${id}`));
}

export function registerRemotes() {}
