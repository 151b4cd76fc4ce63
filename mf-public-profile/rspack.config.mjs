import { createRspackConfig } from '@beabro/shared/build/create-rspack-config';

export default createRspackConfig({
  dir: import.meta.dirname,
  name: 'mf-public-profile',
  kind: 'remote',
  title: 'Be a Bro',
});
