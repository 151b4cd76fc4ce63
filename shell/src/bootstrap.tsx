import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRemoteMap } from './features/remotes/remote-map';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const remoteMap = await loadRemoteMap();
createRoot(container).render(<App remoteMap={remoteMap} />);
