import { useId } from 'react';
import { useSiteConfig } from '@beabro/shared/api/get-site-config';
import { ClockIcon } from '@beabro/shared/ui/icons/clock';
import { MessageIcon } from '@beabro/shared/ui/icons/message';
import { ZapIcon } from '@beabro/shared/ui/icons/zap';
import { ContactForm } from './contact-form';

// Only email support exists, so there is no Live Chat button: a button nothing answers would be a dead end.
// The form works without a mail app; the address stays for people who prefer their own mail client.
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
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: '3.5rem',
          height: '3.5rem',
          borderRadius: theme.radius.pill,
          background: theme.color.surface,
          color: theme.color.brand,
        })}
      >
        <MessageIcon size={28} />
      </span>
      <h2
        id={headingId}
        css={(theme) => ({ margin: `${theme.space(3)} 0 ${theme.space(2)}`, fontSize: theme.font.size.xxl })}
      >
        Still need help?
      </h2>
      <p css={(theme) => ({ margin: '0 auto', maxWidth: '32rem', color: theme.color.textMuted })}>
        Can&apos;t find what you&apos;re looking for? Send us a message: our support team reads every one and replies by
        email.
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
          <ClockIcon size={20} css={(theme) => ({ color: theme.color.brand })} />
          24/7 Support
        </li>
        <li css={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
          <ZapIcon size={20} css={(theme) => ({ color: theme.color.brand })} />
          Average response: 2 hours
        </li>
      </ul>
      <ContactForm />
      {supportEmail ? (
        <p
          css={(theme) => ({
            margin: `${theme.space(4)} 0 0`,
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
            overflowWrap: 'anywhere',
          })}
        >
          or write to{' '}
          <a
            href={`mailto:${supportEmail}`}
            css={(theme) => ({ color: theme.color.text, fontWeight: theme.font.weight.bold })}
          >
            {supportEmail}
          </a>
        </p>
      ) : null}
    </section>
  );
}
