import { createRspackConfig } from '@beabro/shared/build/create-rspack-config';

export default createRspackConfig({
  dir: import.meta.dirname,
  name: 'mf-operator',
  kind: 'remote',
  title: 'Operator console',
});
