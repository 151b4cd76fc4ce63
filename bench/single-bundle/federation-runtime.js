// Stands in for @module-federation/enhanced/runtime in the single-bundle build (see rspack.config.mjs):
// every exposed area is an ordinary lazily loaded chunk of the same build. The areas come from each
// remote's `src/exposes/` folder (one lazy chunk per file), checked against the registry below, so an
// area a remote starts exposing is bundled without editing this file.
import registry from '../../shared/src/contract/remotes.json';

// `<name>.tsx` only: the folders also hold `*.test.tsx` files, which have a dot in their name. The options
// must be literals (the bundler reads them at build time), hence the repetition.
const FOLDERS = {
  mf_marketing: import.meta.webpackContext('../../mf-marketing/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_auth_onboarding: import.meta.webpackContext('../../mf-auth-onboarding/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_creator: import.meta.webpackContext('../../mf-creator/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_supporter: import.meta.webpackContext('../../mf-supporter/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_help: import.meta.webpackContext('../../mf-help/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_public_profile: import.meta.webpackContext('../../mf-public-profile/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
  mf_operator: import.meta.webpackContext('../../mf-operator/src/exposes', {
    regExp: /^\.\/[a-z-]+\.tsx$/,
    recursive: false,
    mode: 'lazy',
  }),
};

const AREAS = {};
for (const remote of registry.remotes) {
  const key = remote.name.replace(/-/g, '_');
  const folder = FOLDERS[key];
  if (!folder) throw new Error(`bench/single-bundle/federation-runtime.js has no folder for the remote ${remote.name}`);
  for (const expose of remote.exposes) {
    const file = `${expose}.tsx`;
    if (!folder.keys().includes(file))
      throw new Error(`${remote.name} exposes ${expose} but has no src/exposes/${file}`);
    AREAS[`${key}/${expose.slice(2)}`] = () => folder(file);
  }
}

export function loadRemote(id) {
  const load = AREAS[id];
  return load ? load() : Promise.reject(new Error(`No bundled area ${id}`));
}

export function registerRemotes() {}
