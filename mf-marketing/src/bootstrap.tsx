import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import LandingArea from './exposes/landing';

renderStandalone('mf-marketing', [{ path: '/', label: 'Landing', Component: LandingArea }]);
