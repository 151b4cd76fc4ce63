import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox-key';

describe('mailboxKey', () => {
  it('folds case, plus tags and Gmail’s dots into one mailbox', () => {
    expect(mailboxKey('Jo.Doe+news@Example.com')).toBe('jo.doe@example.com');
    expect(mailboxKey('j.o.doe+x+y@googlemail.com')).toBe('jodoe@gmail.com');
    expect(mailboxKey('JODOE@gmail.com')).toBe('jodoe@gmail.com');
    // A local part that starts with "+" keeps it (there is nothing before the tag).
    expect(mailboxKey('+tag@example.com')).toBe('+tag@example.com');
  });
});
