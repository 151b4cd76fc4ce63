/** Stripe's requirement codes the creator meets most often, in words; any other is shown as Stripe names it. */
const REQUIREMENT_LABELS: Record<string, string> = {
  external_account: 'your bank account',
  'tos_acceptance.date': 'accepting Stripe’s terms',
  'tos_acceptance.ip': 'accepting Stripe’s terms',
  'individual.verification.document': 'an identity document',
  'individual.id_number': 'your ID number',
  'individual.ssn_last_4': 'the last 4 digits of your SSN',
  'individual.dob.day': 'your date of birth',
  'individual.dob.month': 'your date of birth',
  'individual.dob.year': 'your date of birth',
  'individual.address.line1': 'your address',
  'individual.address.city': 'your address',
  'individual.address.postal_code': 'your address',
  'individual.phone': 'your phone number',
  'individual.email': 'your email address',
  'business_profile.url': 'your website or profile link',
  'business_profile.mcc': 'what you do (industry)',
};

export function requirementLabels(codes: string[]): string[] {
  return [...new Set(codes.map((code) => REQUIREMENT_LABELS[code] ?? code))];
}
