/** Telephone country prefixes offered on the mobile sign-up, the platform's markets first. */
export const TEL_PREFIXES = [
  { prefix: '+60', country: 'MY', name: 'Malaysia' },
  { prefix: '+65', country: 'SG', name: 'Singapore' },
  { prefix: '+86', country: 'CN', name: 'China' },
  { prefix: '+852', country: 'HK', name: 'Hong Kong' },
  { prefix: '+886', country: 'TW', name: 'Taiwan' },
  { prefix: '+62', country: 'ID', name: 'Indonesia' },
  { prefix: '+66', country: 'TH', name: 'Thailand' },
  { prefix: '+84', country: 'VN', name: 'Vietnam' },
  { prefix: '+63', country: 'PH', name: 'Philippines' },
  { prefix: '+673', country: 'BN', name: 'Brunei' },
  { prefix: '+91', country: 'IN', name: 'India' },
  { prefix: '+81', country: 'JP', name: 'Japan' },
  { prefix: '+82', country: 'KR', name: 'South Korea' },
  { prefix: '+61', country: 'AU', name: 'Australia' },
  { prefix: '+44', country: 'GB', name: 'United Kingdom' },
  { prefix: '+1', country: 'US', name: 'United States' },
];

export function isKnownPrefix(prefix: string): boolean {
  return TEL_PREFIXES.some((p) => p.prefix === prefix);
}
