import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { usernameAvailabilityQueryOptions } from '@beabro/shared/api/check-username';
import type { useCreateCreatorProfile } from '@beabro/shared/api/create-creator-profile';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { FormErrorBox } from '../../../components/form-error-box';
import { paths } from '@beabro/shared/contract/paths';
import { useFieldErrors } from '../../../hooks/use-field-errors';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { rateLimitMessage } from '../../../lib/rate-limit-message';
import { useOnboardingDraft } from '../hooks/use-onboarding-draft';
import { stepErrors, stepOfField, WIZARD_SCHEMA, type WizardStep } from '../utils/onboarding-draft';
import { setDraftField } from '../utils/set-draft-field';
import { BasicsStep } from './basics-step';
import { SocialLinksStep } from './social-links-step';
import { StepProgress } from './step-progress';
import { SupportStep } from './support-step';

const STEP_COPY: Record<WizardStep, { title: string; intro: string }> = {
  1: { title: 'The basics', intro: 'Tell supporters who you are and choose the address of your page.' },
  2: {
    title: 'Connect your platforms',
    intro: 'Add the places where your community already finds you. Every link is optional.',
  },
  3: {
    title: 'Support settings',
    intro: 'Choose how your community can support you. You can change all of this later in Settings.',
  },
};

type FocusTarget = 'heading' | 'error';

/** Room for the shell's sticky header when focus scrolls something into view. */
const SCROLL_MARGIN = '6rem';

export interface OnboardingWizardProps {
  user: SessionUser;
  createProfile: ReturnType<typeof useCreateCreatorProfile>;
}

/** /create: the three steps of SPEC "Onboarding wizard", ending in a real creator page at /{username}. */
export function OnboardingWizard({ user, createProfile }: OnboardingWizardProps) {
  const { step, draft, setDraft, setStep, clearDraft } = useOnboardingDraft(user.id);
  const { errors, setErrors, validateField, revalidateField } = useFieldErrors(WIZARD_SCHEMA);
  const [submitError, setSubmitError] = useState<ReactNode>(null);
  const [checkingUsername, setCheckingUsername] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; id: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const busy = checkingUsername || createProfile.isPending;

  // After the step (or its messages) rendered: a new step is introduced by its heading; a refused
  // Continue puts the user on the first field to fix (its message is read with it).
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'error' && focusFirstInvalid(formRef.current)) return;
    headingRef.current?.focus();
  }, [focusRequest]);

  const requestFocus = (target: FocusTarget) => setFocusRequest((current) => ({ target, id: (current?.id ?? 0) + 1 }));

  function goTo(next: WizardStep) {
    setStep(next);
    requestFocus('heading');
  }

  function showErrors(found: FieldErrors, onStep: WizardStep) {
    setErrors(found);
    if (onStep !== step) setStep(onStep);
    requestFocus('error');
  }

  function changeField(field: string, value: string) {
    const updated = setDraftField(draft, field, value);
    setDraft(() => updated);
    revalidateField(field, updated);
  }

  /** Continue from step 1 only with a name the server says is free; if it cannot say, launching checks again. */
  async function usernameIsFree(): Promise<boolean> {
    setCheckingUsername(true);
    try {
      const verdict = await queryClient.fetchQuery(usernameAvailabilityQueryOptions(draft.username));
      if (!verdict.available) {
        showErrors({ username: verdict.message }, 1);
        return false;
      }
    } catch {
      // A failed check (offline, rate-limited) must not block the creator: the server decides on launch.
    } finally {
      setCheckingUsername(false);
    }
    return true;
  }

  function showLaunchError(error: unknown) {
    const rateLimited = rateLimitMessage(error);
    if (rateLimited) return setSubmitError(rateLimited);
    if (error instanceof ApiError) {
      const fields = Object.entries(error.fieldErrors);
      if (error.status === 400 && fields.length > 0) {
        // The earliest step with a problem; a taken username sends the creator back to step 1.
        const firstStep = Math.min(...fields.map(([field]) => stepOfField(field))) as WizardStep;
        const [, message] = fields.find(([field]) => stepOfField(field) === firstStep) ?? fields[0] ?? [];
        setSubmitError(message ?? ONBOARDING_MESSAGES.profileCreationFailed);
        return showErrors(error.fieldErrors, firstStep);
      }
      if (error.status === 409) {
        return setSubmitError(
          <>
            {error.message} <Link to={paths.dashboard}>Go to your dashboard</Link>
          </>,
        );
      }
      if (error.status === 401) {
        // The session ended meanwhile: refreshing it sends the user to sign in; the draft is kept for their return.
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        return setSubmitError(error.message);
      }
    }
    setSubmitError(ONBOARDING_MESSAGES.profileCreationFailed);
  }

  async function launch() {
    const parsed = WIZARD_SCHEMA.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrorsOf(WIZARD_SCHEMA, draft);
      return showErrors(found, Math.min(...Object.keys(found).map(stepOfField)) as WizardStep);
    }
    try {
      const profile = await createProfile.mutateAsync(parsed.data);
      clearDraft();
      navigate(paths.profile(profile.username), { replace: true });
    } catch (error) {
      showLaunchError(error);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitError(null);
    const found = stepErrors(step, draft);
    if (hasErrors(found)) return showErrors(found, step);
    setErrors({});
    if (step === 1) {
      if (await usernameIsFree()) goTo(2);
    } else if (step === 2) {
      goTo(3);
    } else {
      await launch();
    }
  }

  function back() {
    setSubmitError(null);
    setErrors({});
    goTo((step - 1) as WizardStep);
  }

  const fieldProps = {
    draft,
    errors,
    onFieldChange: changeField,
    onFieldBlur: (field: string) => validateField(field, draft),
  };
  const copy = STEP_COPY[step];

  return (
    <PageContainer>
      <div
        css={(theme) => ({ maxWidth: '46rem', margin: '0 auto', padding: `${theme.space(8)} 0 ${theme.space(16)}` })}
      >
        <div css={(theme) => ({ textAlign: 'center', marginBottom: theme.space(6) })}>
          <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>Share your mission</h1>
          <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>
            Set up your support page in about 5 minutes.
          </p>
        </div>
        <Card css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(5) })}>
          <StepProgress step={step} />
          <div>
            <h2
              ref={headingRef}
              tabIndex={-1}
              css={(theme) => ({
                margin: 0,
                fontSize: theme.font.size.xl,
                scrollMarginTop: SCROLL_MARGIN,
                '&:focus': { outline: 'none' },
                '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '4px' },
              })}
            >
              {copy.title}
            </h2>
            <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, color: theme.color.textMuted })}>{copy.intro}</p>
          </div>
          <form
            ref={formRef}
            noValidate
            aria-label={copy.title}
            onSubmit={submit}
            css={(theme) => ({
              display: 'flex',
              flexDirection: 'column',
              gap: theme.space(5),
              // Fields focused from a refused Continue must not end up under the site's sticky header.
              '& input, & select, & textarea, & [role="alert"]': { scrollMarginTop: SCROLL_MARGIN },
            })}
          >
            {submitError ? <FormErrorBox>{submitError}</FormErrorBox> : null}
            {step === 1 ? <BasicsStep {...fieldProps} /> : null}
            {step === 2 ? <SocialLinksStep {...fieldProps} /> : null}
            {step === 3 ? <SupportStep {...fieldProps} /> : null}
            <div
              css={(theme) => ({
                display: 'flex',
                // Phones: full-width buttons, the step's main action on top.
                flexDirection: 'column-reverse',
                gap: theme.space(3),
                paddingTop: theme.space(5),
                borderTop: `1px solid ${theme.color.border}`,
                '& > button': { width: '100%' },
                [theme.breakpoint.sm]: {
                  flexDirection: 'row',
                  justifyContent: 'space-between',
                  '& > button': { width: 'auto' },
                  '& > button[type="submit"]': { marginLeft: 'auto' },
                },
              })}
            >
              {step > 1 ? (
                <Button variant="secondary" size="lg" onClick={back} disabled={busy}>
                  Back
                </Button>
              ) : null}
              <Button type="submit" size="lg" disabled={busy}>
                {step === 3
                  ? createProfile.isPending
                    ? 'Launching…'
                    : 'Launch Your Mission'
                  : checkingUsername
                    ? 'Checking username…'
                    : 'Continue'}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </PageContainer>
  );
}
