import { useId } from 'react';
import { useSiteConfig } from '@beabro/shared/api/get-site-config';
import { Button, buttonStyle } from '@beabro/shared/ui/button';
import { Icon } from '@beabro/shared/ui/icon';

// Only email support exists, so there is no Live Chat button: a button nothing answers would be a dead end.
export function ContactSupport() {
  const headingId = useId();
  const siteConfig = useSiteConfig();
  const supportEmail = siteConfig.data?.supportEmail;

  return (
    <section
      id="contact"
      aria-labelledby={headingId}
      css={(theme) => ({
        scrollMarginTop: theme.space(20),
        background: theme.color.brandSoft,
        border: `1px solid ${theme.color.border}`,
        borderRadius: theme.radius.lg,
        padding: `${theme.space(8)} ${theme.space(5)}`,
        textAlign: 'center',
        [theme.breakpoint.md]: { padding: theme.space(10) },
      })}
    >
      <span
        css={(theme) => ({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '3.5rem', height: '3.5rem', borderRadius: theme.radius.pill, background: theme.color.surface, color: theme.color.brand })}
      >
        <Icon name="message" size={28} />
      </span>
      <h2 id={headingId} css={(theme) => ({ margin: `${theme.space(3)} 0 ${theme.space(2)}`, fontSize: theme.font.size.xxl })}>
        Still need help?
      </h2>
      <p css={(theme) => ({ margin: '0 auto', maxWidth: '32rem', color: theme.color.textMuted })}>
        Can&apos;t find what you&apos;re looking for? Our support team reads every message and will get back to you.
      </p>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: `${theme.space(5)} 0`,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: `${theme.space(2)} ${theme.space(6)}`,
          fontWeight: theme.font.weight.medium,
        })}
      >
        <li css={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
          <Icon name="clock" size={20} css={(theme) => ({ color: theme.color.brand })} />
          24/7 Support
        </li>
        <li css={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
          <Icon name="zap" size={20} css={(theme) => ({ color: theme.color.brand })} />
          Average response: 2 hours
        </li>
      </ul>
      {supportEmail ? (
        <>
          <a href={`mailto:${supportEmail}`} css={(theme) => buttonStyle(theme, { variant: 'primary', size: 'lg' })}>
            <Icon name="mail" size={20} />
            Email Support
          </a>
          <p css={(theme) => ({ margin: `${theme.space(3)} 0 0`, fontSize: theme.font.size.sm, color: theme.color.textMuted, overflowWrap: 'anywhere' })}>
            or write to <strong css={(theme) => ({ color: theme.color.text })}>{supportEmail}</strong>
          </p>
        </>
      ) : siteConfig.isError ? (
        <div role="alert" css={(theme) => ({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: theme.space(3) })}>
          <p css={{ margin: 0 }}>We couldn&apos;t load our contact details just now.</p>
          <Button variant="secondary" onClick={() => void siteConfig.refetch()} disabled={siteConfig.isFetching}>
            {siteConfig.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <p aria-live="polite" css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          Loading contact details...
        </p>
      )}
    </section>
  );
}
