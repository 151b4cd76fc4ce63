import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import HelpArea from './exposes/help';

renderStandalone('mf-help', [{ path: '/help', label: 'Help centre', Component: HelpArea }]);
