import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { get, useForm, useWatch, type FieldErrors as FormErrors, type Path, type PathValue } from 'react-hook-form';
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
import { usePressDeferral } from '../../../hooks/use-press-deferral';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { rateLimitMessage } from '../../../lib/rate-limit-message';
import { useOnboardingDraft } from '../hooks/use-onboarding-draft';
import {
  stepErrors,
  stepOfField,
  WIZARD_SCHEMA,
  type OnboardingDraft,
  type WizardStep,
} from '../utils/onboarding-draft';
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

/** react-hook-form's nested messages as the steps read them: "socialLinks.github", "suggestedAmounts.2". */
function flatErrors(errors: FormErrors<OnboardingDraft>): FieldErrors {
  const flat: FieldErrors = {};
  const visit = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && path) flat[path] = message;
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'message' && key !== 'type' && key !== 'ref' && key !== 'types')
        visit(child, path ? `${path}.${key}` : key);
    }
  };
  visit(errors, '');
  return flat;
}

/** Room for the shell's sticky header when focus scrolls something into view. */
const SCROLL_MARGIN = '6rem';

export interface OnboardingWizardProps {
  user: SessionUser;
  createProfile: ReturnType<typeof useCreateCreatorProfile>;
}

/** /create: the three steps of docs/product-rules.md#onboarding, ending in a real creator page at /{username}. */
export function OnboardingWizard({ user, createProfile }: OnboardingWizardProps) {
  const { step, draft: storedDraft, setDraft, setStep, clearDraft } = useOnboardingDraft(user.id);
  // The draft's values and messages live in react-hook-form. The steps' fields are controlled (custom fields: the
  // username check, the amounts, the switch), so the shared schemas are checked here, synchronously, with
  // fieldErrorsOf: a field on leaving it, a step on Continue, the whole draft on launch. Every change is also
  // mirrored into session storage (useOnboardingDraft), so a reload gives it all back.
  const { control, getValues, setValue, setError, clearErrors, getFieldState, formState } = useForm<OnboardingDraft>({
    defaultValues: storedDraft,
  });
  const draft = useWatch({ control }) as OnboardingDraft;
  const errors = flatErrors(formState.errors);
  const defer = usePressDeferral();
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

  function setErrors(found: FieldErrors) {
    clearErrors();
    for (const [field, message] of Object.entries(found)) {
      if (message !== undefined) setError(field as Path<OnboardingDraft>, { type: 'validate', message });
    }
  }

  function showErrors(found: FieldErrors, onStep: WizardStep) {
    setErrors(found);
    if (onStep !== step) setStep(onStep);
    requestFocus('error');
  }

  function changeField(field: string, value: string) {
    const updated = setDraftField(getValues(), field, value);
    const name = field as Path<OnboardingDraft>;
    setValue(name, get(updated, field) as PathValue<OnboardingDraft, typeof name>, { shouldDirty: true });
    setDraft(() => updated);
    // Only a field that shows a message is re-checked while typing.
    if (getFieldState(name).error) checkField(field);
  }

  /** Checks one field against the whole draft, at once (the message is there when the field has lost focus). */
  function checkField(field: string) {
    const name = field as Path<OnboardingDraft>;
    const message = fieldErrorsOf(WIZARD_SCHEMA, getValues())[field];
    if (message === undefined) clearErrors(name);
    else setError(name, { type: 'validate', message });
  }

  /** Continue from step 1 only with a name the server says is free; if it cannot say, launching checks again. */
  async function usernameIsFree(): Promise<boolean> {
    setCheckingUsername(true);
    try {
      const verdict = await queryClient.fetchQuery(usernameAvailabilityQueryOptions(getValues('username')));
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
    const values = getValues();
    const parsed = WIZARD_SCHEMA.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(WIZARD_SCHEMA, values);
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
    const found = stepErrors(step, getValues());
    if (hasErrors(found)) return showErrors(found, step);
    clearErrors();
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
    clearErrors();
    goTo((step - 1) as WizardStep);
  }

  const fieldProps = {
    draft,
    errors,
    onFieldChange: changeField,
    onFieldBlur: (field: string) => defer(() => checkField(field)),
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
