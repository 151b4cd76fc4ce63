// `pnpm deploy:remote <remote> [--version v] [--source dir] | --url <url> | --reset | --list`:
// deploys one remote without rebuilding the shell or restarting the server (see DEPLOY_USAGE).
// It writes to RELEASES_DIR (default DATA_DIR/releases): run it with the server's environment.
import { loadConfig, REPO_ROOT } from '../../config/env';
import { DeployError, deployRemote, parseDeployArgs, rspackBuilder } from './deploy-remote';

try {
  const config = loadConfig();
  const request = parseDeployArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  await deployRemote(request, {
    releasesDir: config.releasesDir,
    repoRoot: REPO_ROOT,
    defaults: config.remoteMap,
    build: rspackBuilder,
    log: (line) => console.info(line),
  });
} catch (error) {
  console.error(error instanceof DeployError ? error.message : error);
  process.exit(1);
}
