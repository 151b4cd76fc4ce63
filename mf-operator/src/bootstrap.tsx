import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import OperatorArea from './exposes/operator';

renderStandalone('mf-operator', [{ path: '/operator', label: 'Operator console', Component: OperatorArea }]);
