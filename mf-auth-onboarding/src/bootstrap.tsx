import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import AuthArea from './exposes/auth';
import CreateArea from './exposes/create';
import PasswordResetArea from './exposes/reset-password';
import VerifyEmailArea from './exposes/verify-email';
import { ElsewherePage } from './testing/elsewhere-page';

// The destinations after sign-in and onboarding belong to other remotes. Standalone they get a stand-in
// page, so a signed-in user is not bounced between /auth and the harness's fallback route.
renderStandalone('mf-auth-onboarding', [
  { path: '/auth', label: 'Sign in', Component: AuthArea },
  { path: '/create', label: 'Onboarding', Component: CreateArea },
  { path: '/verify-email', label: 'Verify email', Component: VerifyEmailArea },
  { path: '/reset-password', label: 'Reset password', Component: PasswordResetArea },
  { path: '/dashboard', label: 'Dashboard (stand-in)', Component: ElsewherePage },
  { path: '/supporter-dashboard', label: 'Supporter dashboard (stand-in)', Component: ElsewherePage },
]);
